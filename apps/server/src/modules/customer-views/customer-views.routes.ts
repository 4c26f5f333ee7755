import type { CustomRecord } from '@kontora/contract/custom-fields';
import {
  CustomerColumnsBody,
  CustomerView,
  CustomerViewBody,
  CustomerViewPatch,
  CustomerViews,
} from '@kontora/contract/customer-views';
import {
  DealColumnsBody,
  DealView,
  DealViewBody,
  DealViewPatch,
  DealViews,
} from '@kontora/contract/deal-views';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import {
  changeView,
  createView,
  listViews,
  removeView,
  setColumns,
  type ViewBodyOf,
  type ViewPatchOf,
} from './customer-views.service.ts';

const access = policies.company(MODULE_ID.crm);
const ViewParams = CompanyParams.extend({ id: Id });

/** A list's schemas and words: the customer list's and the deal list's views differ only in these. */
type ListSpec<R extends CustomRecord> = {
  record: R;
  path: string;
  tag: string;
  noun: string;
  // Loosely typed here (zod's generic inference gives up on the pair); the handlers name the types.
  Body: z.ZodType;
  Patch: z.ZodType;
  View: z.ZodType;
  Views: z.ZodType;
  ColumnsBody: z.ZodType;
};

/** Saved views of the customer list (decision 020) and of the deal list (decision 088), and the person's columns. */
export async function customerViewsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  listViewRoutes(fastify, ctx, {
    record: 'customer',
    path: 'customer-views',
    tag: 'customer views',
    noun: 'customer list',
    Body: CustomerViewBody,
    Patch: CustomerViewPatch,
    View: CustomerView,
    Views: CustomerViews,
    ColumnsBody: CustomerColumnsBody,
  });
  listViewRoutes(fastify, ctx, {
    record: 'deal',
    path: 'deal-views',
    tag: 'deal views',
    noun: 'deal list',
    Body: DealViewBody,
    Patch: DealViewPatch,
    View: DealView,
    Views: DealViews,
    ColumnsBody: DealColumnsBody,
  });
}

function listViewRoutes<R extends CustomRecord>(
  fastify: FastifyInstance,
  ctx: AppContext,
  spec: ListSpec<R>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { record } = spec;
  const tags = [spec.tag];
  const base = `/companies/:companyId/${spec.path}`;

  app.get(base, {
    config: { access },
    schema: {
      tags,
      summary: `The person's own and the company's shared views of the ${spec.noun}, and their columns`,
      params: CompanyParams,
      response: { 200: dataOf(spec.Views), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await listViews(ctx, actorOf(request), record) }),
  });

  app.post(base, {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Save a view: a name, the filter, sort and columns; `shared` lists it for the whole company',
      params: CompanyParams,
      body: spec.Body,
      response: { 201: dataOf(spec.View), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ data: await createView(ctx, actorOf(request), record, request.body as ViewBodyOf<R>) }),
  });

  app.put(`${base}/columns`, {
    config: { access },
    schema: {
      tags,
      summary: `The person's visible columns of the ${spec.noun} in this company, in order`,
      params: CompanyParams,
      body: spec.ColumnsBody,
      response: { 200: dataOf(spec.ColumnsBody), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: {
        columns: await setColumns(ctx, actorOf(request), record, (request.body as ViewBodyOf<R>).columns),
      },
    }),
  });

  app.patch(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Change an own view (403 for a shared view of someone else, 404 for one not visible)',
      params: ViewParams,
      body: spec.Patch,
      response: { 200: dataOf(spec.View), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: await changeView(
        ctx,
        actorOf(request),
        record,
        request.params.id,
        request.body as ViewPatchOf<R>,
      ),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Delete an own view',
      params: ViewParams,
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeView(ctx, actorOf(request), record, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
