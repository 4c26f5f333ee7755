import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errors } from '../../lib/http.ts';
import { policies } from '../../plugins/access.ts';
import { isReady } from './health.service.ts';

/** Liveness and readiness, for load balancers and orchestrators. */
export async function healthRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/health', {
    config: { access: policies.public },
    schema: { tags: ['ops'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/ready', {
    config: { access: policies.public },
    schema: {
      tags: ['ops'],
      summary: 'Readiness: the database answers',
      response: { 200: z.object({ status: z.literal('ready') }), ...errors(503) },
    },
    handler: async (_request, reply) => {
      if (await isReady(ctx)) return { status: 'ready' as const };
      return reply.code(503).send({ message: 'Database unavailable.', code: 'internal_error' });
    },
  });
}
