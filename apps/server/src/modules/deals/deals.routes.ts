import { DealImportMappingJson, DealImportQuery, DealImportResult } from '@kontora/contract/deal-import';
import {
  Board,
  BoardQuery,
  Deal,
  DealBulkBody,
  DealBulkFilterBody,
  DealBulkFilterResult,
  DealBulkResult,
  DealCount,
  DealCreateBody,
  DealExportQuery,
  DealListQuery,
  DealMatchQuery,
  DealMoveBody,
  DealNoteBody,
  DealPage,
  DealTimelineEntry,
  DealTimelinePage,
  DealTimelineQuery,
  DealUpdateBody,
  Forecast,
  ForecastQuery,
} from '@kontora/contract/deals';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { registerCsvImport, sendCsvDownload } from '../../lib/csv-import/csv-import-request.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { bulkDeals, bulkDealsByFilter, countDeals } from './deal-bulk.service.ts';
import { exportDealsCsv } from './deal-export.service.ts';
import { forecastOf } from './deal-forecast.service.ts';
import { importDeals } from './deal-import.service.ts';
import { boardOf, listDealPage } from './deal-list.service.ts';
import { addDealNote } from './deal-notes.service.ts';
import { createDeal, dealTimeline, deleteDeal, getDeal, moveDeal, updateDeal } from './deals.service.ts';

const tags = ['deals'];
/** Deals live in the CRM module, open to every member as customers are; API keys need the `deals` scope. */
const access = policies.company(MODULE_ID.crm, undefined, { apiKey: 'deals' });
const DealParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/deals';

export async function dealsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access },
    schema: {
      tags,
      summary: 'List deals: filters, search, sort; keyset pages via `cursor`',
      params: CompanyParams,
      querystring: DealListQuery,
      response: { 200: dataOf(DealPage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await listDealPage(ctx, companyOf(request).id, request.query) }),
  });

  app.post(base, {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Create a deal',
      params: CompanyParams,
      body: DealCreateBody,
      response: { 201: dataOf(Deal), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createDeal(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/forecast`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Open and weighted pipeline value by month, won value, win rate, stage conversion, deals by owner',
      params: CompanyParams,
      querystring: ForecastQuery,
      response: { 200: dataOf(Forecast), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await forecastOf(ctx, companyOf(request).id, request.query) }),
  });

  app.get(`${base}/export`, {
    config: { access },
    schema: {
      tags,
      summary: 'Export the deals of the list’s filters as CSV (text/csv, streamed, oldest first)',
      params: CompanyParams,
      querystring: DealExportQuery,
      response: errors(400, 401, 403, 404),
    },
    handler: async (request, reply) => {
      // The typed reply knows only the JSON error answers; a stream is sent as it is, not serialised.
      return sendCsvDownload(
        reply as FastifyReply,
        'deals',
        await exportDealsCsv(ctx, companyOf(request).id, request.query),
      );
    },
  });

  app.post(`${base}/bulk`, {
    config: { access },
    schema: {
      tags,
      summary: 'Set the owner or stage of, or delete, up to 1000 deals; ids not of this company are reported',
      params: CompanyParams,
      body: DealBulkBody,
      response: { 200: dataOf(DealBulkResult), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({ data: await bulkDeals(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/count`, {
    config: { access },
    schema: {
      tags,
      summary: 'How many deals match the list’s filters (own-field ones included): exact up to 10,000',
      params: CompanyParams,
      querystring: DealMatchQuery,
      response: { 200: dataOf(DealCount), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await countDeals(ctx, companyOf(request).id, request.query) }),
  });

  app.post(`${base}/bulk-by-filter`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Set the owner, stage or own fields of, or delete, every deal matching a filter (up to 1000; more: 400 too_many)',
      params: CompanyParams,
      body: DealBulkFilterBody,
      response: { 200: dataOf(DealBulkFilterResult), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({ data: await bulkDealsByFilter(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'One deal',
      params: DealParams,
      response: { 200: dataOf(Deal), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getDeal(ctx, companyOf(request).id, request.params.id) }),
  });

  app.patch(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Change a deal; send the `version` you read (409 stale_update when it changed meanwhile)',
      params: DealParams,
      body: DealUpdateBody,
      response: { 200: dataOf(Deal), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({
      data: await updateDeal(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a deal (its timeline goes with it; its to-dos stay, without the deal)',
      params: DealParams,
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteDeal(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post(`${base}/:id/move`, {
    config: { access },
    schema: {
      tags,
      summary: 'Move a deal to a stage of its pipeline, before or after a deal of that stage (or to the top)',
      params: DealParams,
      body: DealMoveBody,
      response: { 200: dataOf(Deal), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({
      data: await moveDeal(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.get(`${base}/:id/timeline`, {
    config: { access },
    schema: {
      tags,
      summary: "A deal's changes (stage moves with who and when), newest first",
      params: DealParams,
      querystring: DealTimelineQuery,
      response: { 200: dataOf(DealTimelinePage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await dealTimeline(ctx, companyOf(request).id, request.params.id, request.query),
    }),
  });

  app.post(`${base}/:id/notes`, {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Add a note to a deal’s timeline; `@[Name](user:ID)` mentions notify those members',
      params: DealParams,
      body: DealNoteBody,
      response: { 201: dataOf(DealTimelineEntry), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ data: await addDealNote(ctx, actorOf(request), request.params.id, request.body) }),
  });

  app.get('/companies/:companyId/pipelines/:id/board', {
    config: { access },
    schema: {
      tags,
      summary: 'The board of a pipeline: every column’s count, amount total and first page, in one answer',
      params: DealParams,
      querystring: BoardQuery,
      response: { 200: dataOf(Board), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await boardOf(ctx, companyOf(request).id, request.params.id, request.query),
    }),
  });

  await registerCsvImport(app, {
    url: `${base}/import`,
    config: { access },
    tags,
    summary:
      'Import deals from CSV (≤ IMPORT_MAX_BYTES, 1 GB by default; staged as it arrives): all rows are saved, or none when a row is refused; refused rows reported by line and column',
    params: CompanyParams,
    querystring: DealImportQuery,
    mapping: DealImportMappingJson,
    result: DealImportResult,
    maxBytes: ctx.config.importMaxBytes,
    run: (request, file, query, stopped) => importDeals(ctx, actorOf(request), file, query, stopped),
  });
}
