import { CrmStats, CrmStatsQuery } from '@kontora/contract/crm-stats';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { wantsFreshAnswer } from '../../lib/cache-control.ts';
import { dataOf, errors, sendSerialised } from '../../lib/http.ts';
import { CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { crmStatsAnswer } from './crm-stats-cache.ts';

export async function crmStatsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/companies/:companyId/crm/stats', {
    config: { access: policies.company(MODULE_ID.crm) },
    schema: {
      tags: ['crm'],
      summary:
        'CRM dashboard figures: customer totals, new per month, funnel, to-dos, this week, recent; optionally over a date range',
      params: CompanyParams,
      querystring: CrmStatsQuery,
      response: { 200: dataOf(CrmStats), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const body = await crmStatsAnswer(
        ctx,
        companyOf(request).id,
        request.query,
        wantsFreshAnswer(request.headers),
      );
      return sendSerialised(reply as FastifyReply, body);
    },
  });
}
