import { CompanySecurity } from '@kontora/contract/two-factor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { companyOf, policies, principalOf } from '../../plugins/access.ts';
import { getCompanySecurity, updateCompanySecurity } from './company-security.service.ts';

const tags = ['companies'];
const params = z.object({ companyId: z.string() });

export async function companySecurityRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/companies/:companyId/security', {
    config: { access: policies.company() },
    schema: {
      tags,
      summary: "The company's sign-in rules (members and superusers)",
      params,
      response: { 200: dataOf(CompanySecurity), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getCompanySecurity(ctx, companyOf(request).id) }),
  });

  app.put('/companies/:companyId/security', {
    config: { access: policies.company(undefined, ['owner']) },
    schema: {
      tags,
      summary: 'Require two-factor sign-in of every member, or stop requiring it (owners)',
      params,
      body: CompanySecurity,
      response: { 200: dataOf(CompanySecurity), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await updateCompanySecurity(ctx, principalOf(request), companyOf(request), request.body),
    }),
  });
}
