import { SessionUser } from '@kontora/contract/auth';
import { ChangePasswordBody, UpdateMeBody } from '@kontora/contract/me';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies, principalOf } from '../../plugins/access.ts';
import { changePassword, updateMe } from './me.service.ts';

const tags = ['me'];

export async function meRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/me', {
    config: { access: policies.user },
    schema: { tags, summary: 'The signed-in person', response: { 200: dataOf(SessionUser), ...errors(401) } },
    handler: async (request) => {
      const { status: _s, ...user } = principalOf(request).user;
      return { data: user };
    },
  });

  app.patch('/me', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Change own name, language, layout or notification preferences',
      body: UpdateMeBody,
      response: { 200: dataOf(SessionUser), ...errors(400, 401) },
    },
    handler: async (request) => ({ data: await updateMe(ctx, principalOf(request), request.body) }),
  });

  app.post('/me/password', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Change own password (current password required); other sessions end',
      body: ChangePasswordBody,
      response: { 200: dataOf(z.object({ changed: z.literal(true) })), ...errors(400, 401) },
    },
    handler: async (request) => {
      await changePassword(ctx, principalOf(request), request.body);
      return { data: { changed: true as const } };
    },
  });
}
