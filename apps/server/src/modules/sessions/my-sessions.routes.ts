import { Id } from '@kontora/contract/fields';
import { MySessionsData, RevokedSessions } from '@kontora/contract/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies, principalOf } from '../../plugins/access.ts';
import { listMySessions, revokeMyOtherSessions, revokeMySession } from './my-sessions.service.ts';

const tags = ['me'];

export async function mySessionsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/me/sessions', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: "The signed-in person's active sessions (devices), the current one marked",
      response: { 200: dataOf(MySessionsData), ...errors(401) },
    },
    handler: async (request) => ({ data: await listMySessions(ctx, principalOf(request)) }),
  });

  app.delete('/me/sessions/:id', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Sign out one of own sessions (it is refused at once on every instance)',
      params: z.object({ id: Id }),
      response: { 204: z.null(), ...errors(401, 404) },
    },
    handler: async (request, reply) => {
      await revokeMySession(ctx, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/me/sessions/revoke-others', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Sign out everywhere else: every own session but this one ends',
      response: { 200: dataOf(RevokedSessions), ...errors(401) },
    },
    handler: async (request) => ({
      data: { revoked: await revokeMyOtherSessions(ctx, principalOf(request)) },
    }),
  });
}
