import { Id } from '@kontora/contract/fields';
import { NotificationsPage, NotificationsQuery, UnreadCount } from '@kontora/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies, principalOf } from '../../plugins/access.ts';
import {
  listMyNotifications,
  myUnreadCount,
  readAllMyNotifications,
  readMyNotification,
} from './notifications.service.ts';

const tags = ['me'];

/** The signed-in person's notifications, across their companies (docs/decisions/055-notifications.md). */
export async function notificationsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/me/notifications', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Own notifications, newest first, from every company one is in (`unread=1`: unread only)',
      querystring: NotificationsQuery,
      response: { 200: dataOf(NotificationsPage), ...errors(400, 401) },
    },
    handler: async (request) => ({
      data: await listMyNotifications(ctx, principalOf(request).user.id, request.query),
    }),
  });

  app.get('/me/notifications/unread-count', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'How many own notifications are unread',
      response: { 200: dataOf(UnreadCount), ...errors(401) },
    },
    handler: async (request) => ({ data: { count: await myUnreadCount(ctx, principalOf(request).user.id) } }),
  });

  app.post('/me/notifications/:id/read', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Mark one own notification read',
      params: z.object({ id: Id }),
      response: { 204: z.null(), ...errors(401, 404) },
    },
    handler: async (request, reply) => {
      await readMyNotification(ctx, principalOf(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/me/notifications/read-all', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Mark every own notification read',
      response: { 200: dataOf(z.object({ marked: z.number() })), ...errors(401) },
    },
    handler: async (request) => ({
      data: { marked: await readAllMyNotifications(ctx, principalOf(request).user.id) },
    }),
  });
}
