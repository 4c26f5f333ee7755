import {
  EventCreateBody,
  EventListQuery,
  EventPage,
  EventUpdateBody,
  TodoEvent,
} from '@kontora/contract/events';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { createEvent, deleteEvent, getEvent, listEventPage, setDone, updateEvent } from './events.service.ts';

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
    handler: async (request) => ({ data: await listEventPage(ctx, actorOf(request), request.query) }),
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

  app.get(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'One to-do event',
      params: EventParams,
      response: { 200: dataOf(TodoEvent), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getEvent(ctx, companyOf(request).id, request.params.id) }),
  });

  app.patch(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Change a to-do event, also move or resize it (start_at, end_at, all_day); optional `version` → 409 when stale. Done/undone: POST/DELETE …/done',
      params: EventParams,
      body: EventUpdateBody,
      response: { 200: dataOf(TodoEvent), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({
      data: await updateEvent(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a to-do event',
      params: EventParams,
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteEvent(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post(`${base}/:id/done`, {
    config: { access },
    schema: {
      tags,
      summary: 'Mark a to-do event done (sets completed_at); idempotent',
      params: EventParams,
      response: { 200: dataOf(TodoEvent), ...errors(401, 403, 404, 409) },
    },
    handler: async (request) => ({ data: await setDone(ctx, actorOf(request), request.params.id, true) }),
  });

  app.delete(`${base}/:id/done`, {
    config: { access },
    schema: {
      tags,
      summary: 'Mark a to-do event not done again (clears completed_at); idempotent',
      params: EventParams,
      response: { 200: dataOf(TodoEvent), ...errors(401, 403, 404, 409) },
    },
    handler: async (request) => ({ data: await setDone(ctx, actorOf(request), request.params.id, false) }),
  });
}
