import { CompanyCalendarSettings } from '@kontora/contract/me';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { CompanyParams, companyOf, policies, principalOf } from '../../plugins/access.ts';
import { updateCompanyCalendarSettings } from './company-calendar.service.ts';

const tags = ['companies'];

/**
 * The company's calendar settings: when its working day starts.
 * Members read it with the company profile (`GET /companies/:companyId`).
 */
export async function companyCalendarRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put('/companies/:companyId/calendar-settings', {
    config: { access: policies.company(undefined, ['owner', 'admin']) },
    schema: {
      tags,
      summary: "Set when the company's working day starts, HH:MM in its time zone (owners and admins)",
      params: CompanyParams,
      body: CompanyCalendarSettings,
      response: { 200: dataOf(CompanyCalendarSettings), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await updateCompanyCalendarSettings(ctx, principalOf(request), companyOf(request), request.body),
    }),
  });
}
