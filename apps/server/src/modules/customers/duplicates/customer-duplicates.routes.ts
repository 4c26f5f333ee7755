import {
  DuplicateGroupsPage,
  DuplicateGroupsQuery,
  DuplicateMatches,
  DuplicateQuery,
  DuplicateScan,
  MergeBody,
  MergeResult,
  UndoMergeResult,
} from '@kontora/contract/customer-duplicates';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { dataOf, errors } from '../../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../../plugins/access.ts';
import { duplicateGroups, startDuplicateScan } from './customer-duplicate-scan.service.ts';
import { findDuplicates } from './customer-duplicates.service.ts';
import { mergeCustomers, undoMerge } from './customer-merge.service.ts';

const tags = ['customers'];
const access = policies.company(MODULE_ID.crm, undefined, { apiKey: 'customers' });
const base = '/companies/:companyId/customers';

/** Duplicates of a record, the company-wide scan, merge and its undo (decision 019). */
export async function customerDuplicatesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${base}/duplicates`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Likely duplicates of an unsaved record: same OIB/VAT id, email, phone, or name in the same town',
      params: CompanyParams,
      querystring: DuplicateQuery,
      response: { 200: dataOf(DuplicateMatches), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await findDuplicates(ctx, companyOf(request).id, request.query) }),
  });

  app.get(`${base}/duplicate-groups`, {
    config: { access },
    schema: {
      tags,
      summary: 'The latest company-wide duplicate scan (with its progress) and a page of the groups it found',
      params: CompanyParams,
      querystring: DuplicateGroupsQuery,
      response: { 200: dataOf(DuplicateGroupsPage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await duplicateGroups(ctx, companyOf(request).id, request.query) }),
  });

  app.post(`${base}/duplicate-groups`, {
    config: { access },
    schema: {
      tags,
      summary: 'Start a company-wide duplicate scan (a job); answers the one still running if there is one',
      params: CompanyParams,
      response: { 202: dataOf(DuplicateScan), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) =>
      reply.code(202).send({ data: await startDuplicateScan(ctx, actorOf(request)) }),
  });

  app.post(`${base}/merge`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Merge customers into a survivor, field by field; to-dos, timeline and tags move to it (undo for 30 days)',
      params: CompanyParams,
      body: MergeBody,
      response: { 200: dataOf(MergeResult), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({ data: await mergeCustomers(ctx, actorOf(request), request.body) }),
  });

  app.post(`${base}/merges/:mergeId/undo`, {
    config: { access },
    schema: {
      tags,
      summary: 'Undo a merge: the merged customers come back with their ids, to-dos, timeline and tags',
      params: CompanyParams.extend({ mergeId: Id }),
      response: { 200: dataOf(UndoMergeResult), ...errors(401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await undoMerge(ctx, actorOf(request), request.params.mergeId),
    }),
  });
}
