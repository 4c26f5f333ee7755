import { AuditData, AuditQuery } from '@kontora/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies } from '../../plugins/access.ts';
import { listAudit } from './audit.service.ts';

export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/audit', {
    config: { access: policies.superuser },
    schema: {
      tags: ['admin'],
      summary: 'Who changed what, when: newest first, filtered, keyset-paged (superusers)',
      querystring: AuditQuery,
      response: { 200: dataOf(AuditData), ...errors(400, 401, 403) },
    },
    handler: async (request) => ({ data: await listAudit(ctx.db, request.query) }),
  });
}
