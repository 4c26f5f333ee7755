import { CalendarFeed, CalendarFeedBody } from '@kontora/contract/calendar-feed';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import {
  calendarDocument,
  createCalendarFeed,
  deleteCalendarFeed,
  getCalendarFeed,
} from './calendar-feed.service.ts';

const tags = ['calendar-feed'];
const access = policies.company(MODULE_ID.crm);
const base = '/companies/:companyId/calendar-feed';

export async function calendarFeedRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access },
    schema: {
      tags,
      summary: "The caller's private iCalendar feed of the company's to-dos: its secret address, or off",
      params: CompanyParams,
      response: { 200: dataOf(CalendarFeed), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getCalendarFeed(ctx, actorOf(request)) }),
  });

  app.post(base, {
    config: { access },
    schema: {
      tags,
      summary:
        'Turn the feed on, or give it a new secret address (the old address stops working); scope all|mine',
      params: CompanyParams,
      body: CalendarFeedBody,
      response: { 200: dataOf(CalendarFeed), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({ data: await createCalendarFeed(ctx, actorOf(request), request.body) }),
  });

  app.delete(base, {
    config: { access },
    schema: {
      tags,
      summary: 'Turn the feed off (its address stops working)',
      params: CompanyParams,
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteCalendarFeed(ctx, actorOf(request));
      return reply.code(204).send(null);
    },
  });

  // Public: calendar apps fetch the address without signing in; the token in it is the secret.
  app.get('/calendar-feeds/:token', {
    config: { access: policies.public },
    schema: {
      tags,
      summary:
        'The feed itself (text/calendar, RFC 5545); `as=todo` gives VTODO components instead of VEVENT',
      params: z.object({ token: z.string().min(1).max(100) }),
      querystring: z.object({ as: z.enum(['event', 'todo']).default('event') }),
      response: { 200: z.string(), ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      const ics = await calendarDocument(
        ctx,
        request.params.token,
        request.query.as === 'todo' ? 'VTODO' : 'VEVENT',
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(ics);
    },
  });
}
