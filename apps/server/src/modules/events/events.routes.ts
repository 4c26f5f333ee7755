import { EventImportMappingJson, EventImportQuery, EventImportResult } from '@kontora/contract/event-import';
import {
  EventCreateBody,
  EventExportQuery,
  EventListQuery,
  EventPage,
  EventUpdateBody,
  TodoEvent,
} from '@kontora/contract/events';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import { OccurrenceQuery } from '@kontora/contract/recurrence';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { wantsFreshAnswer } from '../../lib/cache-control.ts';
import { registerCsvImport, sendCsvDownload } from '../../lib/csv-import/csv-import-request.ts';
import { dataOf, errors, sendSerialised } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { exportTodosCsv } from './event-export.service.ts';
import { importEvents } from './event-import.service.ts';
import {
  deleteOccurrences,
  getOccurrence,
  setOccurrenceDone,
  updateOccurrences,
} from './event-series.service.ts';
import { createEvent, deleteEvent, getEvent, updateEvent } from './events.service.ts';
import { eventListAnswer } from './events-page-cache.ts';

const tags = ['events'];
const access = policies.company(MODULE_ID.crm, undefined, { apiKey: 'events' });
const EventParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/events';

export async function eventsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access },
    schema: {
      tags,
      summary:
        'List to-do events by start time: overlapping [from, to), filters mine,today,overdue,upcoming,open,done, customer_id, assignee_id; keyset pages',
      params: CompanyParams,
      querystring: EventListQuery,
      response: { 200: dataOf(EventPage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const body = await eventListAnswer(
        ctx,
        actorOf(request),
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
      summary: 'Create a to-do event (assignee: a member; customer: one of this company)',
      params: CompanyParams,
      body: EventCreateBody,
      response: { 201: dataOf(TodoEvent), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createEvent(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/export`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Export the to-dos of the list’s filters as CSV (text/csv, streamed, by start; a series as one row with its rule)',
      params: CompanyParams,
      querystring: EventExportQuery,
      response: errors(400, 401, 403, 404),
    },
    handler: async (request, reply) =>
      // The typed reply knows only the JSON error answers; a stream is sent as it is, not serialised.
      sendCsvDownload(
        reply as FastifyReply,
        'todos',
        await exportTodosCsv(ctx, actorOf(request), request.query),
      ),
  });

  app.get(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'One to-do event, or with `occurrence` one occurrence of a series',
      params: EventParams,
      querystring: OccurrenceQuery,
      response: { 200: dataOf(TodoEvent), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const { occurrence } = request.query;
      const companyId = companyOf(request).id;
      return {
        data: occurrence
          ? await getOccurrence(ctx, companyId, request.params.id, occurrence)
          : await getEvent(ctx, companyId, request.params.id),
      };
    },
  });

  app.patch(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Change a to-do event, also move or resize it (start_at, end_at, all_day); optional `version` → 409 when stale. Done/undone: POST/DELETE …/done. A series: `occurrence` and `scope` this|following|all (default: the series as a whole)',
      params: EventParams,
      querystring: OccurrenceQuery,
      body: EventUpdateBody,
      response: { 200: dataOf(TodoEvent), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => {
      const { occurrence, scope } = request.query;
      const actor = actorOf(request);
      return {
        data: occurrence
          ? await updateOccurrences(ctx, actor, request.params.id, occurrence, scope ?? 'this', request.body)
          : await updateEvent(ctx, actor, request.params.id, request.body),
      };
    },
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a to-do event; a series: `occurrence` and `scope` this|following|all (default: all)',
      params: EventParams,
      querystring: OccurrenceQuery,
      response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const { occurrence, scope } = request.query;
      if (occurrence) {
        await deleteOccurrences(ctx, actorOf(request), request.params.id, occurrence, scope ?? 'this');
      } else {
        await deleteEvent(ctx, actorOf(request), request.params.id);
      }
      return reply.code(204).send(null);
    },
  });

  app.post(`${base}/:id/done`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Mark a to-do event done (sets completed_at); idempotent. A series: one `occurrence` at a time',
      params: EventParams,
      querystring: OccurrenceQuery,
      response: { 200: dataOf(TodoEvent), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await setOccurrenceDone(ctx, actorOf(request), request.params.id, request.query.occurrence, true),
    }),
  });

  app.delete(`${base}/:id/done`, {
    config: { access },
    schema: {
      tags,
      summary: 'Mark a to-do event not done again (clears completed_at); idempotent',
      params: EventParams,
      querystring: OccurrenceQuery,
      response: { 200: dataOf(TodoEvent), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await setOccurrenceDone(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.occurrence,
        false,
      ),
    }),
  });

  await registerCsvImport(app, {
    url: `${base}/import`,
    config: { access },
    tags,
    summary:
      'Import to-dos from CSV (≤ IMPORT_MAX_BYTES, 1 GB by default; staged as it arrives): all rows are saved, or none when a row is refused; refused rows reported by line and column',
    params: CompanyParams,
    querystring: EventImportQuery,
    mapping: EventImportMappingJson,
    result: EventImportResult,
    maxBytes: ctx.config.importMaxBytes,
    run: (request, file, query, stopped) => importEvents(ctx, actorOf(request), file, query, stopped),
  });
}
