import {
  CustomerImportQuery,
  CustomerImportResult,
  ImportMappingJson,
} from '@kontora/contract/customer-import';
import {
  TimelineEntry,
  TimelineNoteBody,
  TimelinePage,
  TimelineQuery,
} from '@kontora/contract/customer-timeline';
import {
  Customer,
  CustomerBulkBody,
  CustomerBulkFilterBody,
  CustomerBulkFilterResult,
  CustomerBulkResult,
  CustomerCount,
  CustomerCreateBody,
  CustomerExportQuery,
  CustomerListQuery,
  CustomerMatchQuery,
  CustomerPage,
  CustomerPeoplePage,
  CustomerPeopleQuery,
  CustomerUpdateBody,
} from '@kontora/contract/customers';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { wantsFreshAnswer } from '../../lib/cache-control.ts';
import { registerCsvImport, sendCsvDownload } from '../../lib/csv-import/csv-import-request.ts';
import { dataOf, errors, sendSerialised } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import {
  bulkCustomers,
  createCustomer,
  deleteCustomer,
  getCustomer,
  updateCustomer,
} from './customers.service.ts';
import { exportCustomersCsv } from './import/customer-export.ts';
import { importCustomers } from './import/customer-import.service.ts';
import { customerListAnswer } from './list/customer-list.service.ts';
import { bulkCustomersByFilter, countCustomers } from './list/customer-match.service.ts';
import { listPeople } from './organisations/customer-people.service.ts';
import { addNote, listTimeline } from './timeline/customer-timeline.service.ts';

const tags = ['customers'];
const access = policies.company(MODULE_ID.crm, undefined, { apiKey: 'customers' });
const CustomerParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/customers';

export async function customersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access },
    schema: {
      tags,
      summary: 'List customers: search, filters, sort; keyset pages via `cursor`',
      params: CompanyParams,
      querystring: CustomerListQuery,
      response: { 200: dataOf(CustomerPage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const body = await customerListAnswer(
        ctx,
        companyOf(request).id,
        request.query,
        wantsFreshAnswer(request.headers),
      );
      return sendSerialised(reply as FastifyReply, body);
    },
  });

  app.post(base, {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Create a customer',
      params: CompanyParams,
      body: CustomerCreateBody,
      response: { 201: dataOf(Customer), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createCustomer(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/export.csv`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Export the customers of a filter as CSV (text/csv, streamed; columns import back as they are)',
      params: CompanyParams,
      querystring: CustomerExportQuery,
      response: errors(400, 401, 403, 404),
    },
    handler: async (request, reply) => {
      // The typed reply knows only the JSON error answers; a stream is sent as it is, not serialised.
      return sendCsvDownload(
        reply as FastifyReply,
        'customers',
        await exportCustomersCsv(ctx, companyOf(request).id, request.query),
      );
    },
  });

  app.post(`${base}/bulk`, {
    config: { access },
    schema: {
      tags,
      summary: 'Change the status of, or delete, up to 1000 customers; ids not of this company are reported',
      params: CompanyParams,
      body: CustomerBulkBody,
      response: { 200: dataOf(CustomerBulkResult), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({ data: await bulkCustomers(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/count`, {
    config: { access },
    schema: {
      tags,
      summary: 'How many customers match a filter: exact up to 10,000, then `capped` (never a slow count)',
      params: CompanyParams,
      querystring: CustomerMatchQuery,
      response: { 200: dataOf(CustomerCount), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await countCustomers(ctx, companyOf(request).id, request.query) }),
  });

  app.post(`${base}/bulk-by-filter`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Change the status of, or delete, every customer matching a filter (up to 10,000; more: 400 too_many), or set own fields on each (up to 1000)',
      params: CompanyParams,
      body: CustomerBulkFilterBody,
      response: { 200: dataOf(CustomerBulkFilterResult), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({ data: await bulkCustomersByFilter(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'One customer',
      params: CustomerParams,
      response: { 200: dataOf(Customer), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getCustomer(ctx, companyOf(request).id, request.params.id) }),
  });

  app.patch(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Change a customer; send the `version` you read (409 stale_update when a field you change was changed since)',
      params: CustomerParams,
      body: CustomerUpdateBody,
      response: { 200: dataOf(Customer), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({
      data: await updateCustomer(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a customer (its timeline goes with it; its to-dos stay, without the customer)',
      params: CustomerParams,
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteCustomer(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get(`${base}/:id/people`, {
    config: { access },
    schema: {
      tags,
      summary:
        "An organisation's people with their roles, in the order they joined; keyset pages via `cursor`",
      params: CustomerParams,
      querystring: CustomerPeopleQuery,
      response: { 200: dataOf(CustomerPeoplePage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await listPeople(ctx, companyOf(request).id, request.params.id, request.query),
    }),
  });

  app.get(`${base}/:id/timeline`, {
    config: { access },
    schema: {
      tags,
      summary: "A customer's notes and changes, newest first",
      params: CustomerParams,
      querystring: TimelineQuery,
      response: { 200: dataOf(TimelinePage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await listTimeline(ctx, companyOf(request).id, request.params.id, request.query),
    }),
  });

  app.post(`${base}/:id/timeline`, {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Add a note to a customer’s timeline',
      params: CustomerParams,
      body: TimelineNoteBody,
      response: { 201: dataOf(TimelineEntry), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await addNote(ctx, actorOf(request), request.params.id, request.body) }),
  });

  await registerCsvImport(app, {
    url: `${base}/import`,
    config: { access },
    tags,
    summary:
      'Import customers from CSV (≤ IMPORT_MAX_BYTES, 1 GB by default; staged as it arrives): all valid rows are saved, or none; refused rows reported by line',
    params: CompanyParams,
    querystring: CustomerImportQuery,
    mapping: ImportMappingJson,
    result: CustomerImportResult,
    maxBytes: ctx.config.importMaxBytes,
    run: (request, file, query, stopped) => importCustomers(ctx, actorOf(request), file, query, stopped),
  });
}
