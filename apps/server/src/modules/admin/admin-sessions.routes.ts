import { Id } from '@kontora/contract/fields';
import { RevokedSessions } from '@kontora/contract/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies } from '../../plugins/access.ts';
import { adminActorOf } from './admin-actor.ts';
import { revokeAllSessionsOf } from './admin-sessions.service.ts';

export async function adminSessionsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/admin/users/:id/sessions/revoke', {
    config: { access: policies.superuser },
    schema: {
      tags: ['admin'],
      summary: 'End every session of a person at once, on every instance (superusers; audited)',
      params: z.object({ id: Id }),
      response: { 200: dataOf(RevokedSessions), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({
      data: { revoked: await revokeAllSessionsOf(ctx, adminActorOf(request), request.params.id) },
    }),
  });
}
