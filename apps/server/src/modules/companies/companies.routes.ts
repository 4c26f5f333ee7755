import { MODULES } from '@kontora/contract/limits';
import { CompanyModule, CompanyProfile, MyCompaniesData, MyCompaniesQuery } from '@kontora/contract/me';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { CompanyParams, companyOf, policies, principalOf } from '../../plugins/access.ts';
import { companiesOf, companyProfile } from './companies.service.ts';

export async function companiesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/company-modules/:companyId', {
    config: { access: policies.company() },
    schema: {
      tags: ['companies'],
      summary: 'Modules enabled for a company (members and superusers)',
      params: CompanyParams,
      response: { 200: dataOf(z.object({ modules: z.array(CompanyModule) })), ...errors(401, 403, 404) },
    },
    // The access check has already loaded the module ids; the catalogue is fixed reference data.
    handler: async (request) => ({
      data: { modules: MODULES.filter((m) => companyOf(request).modules.includes(m.id)) },
    }),
  });

  app.get('/companies/:companyId', {
    config: { access: policies.company() },
    schema: {
      tags: ['companies'],
      summary: "A company's name, country, time zone and currency (members and superusers)",
      params: CompanyParams,
      response: { 200: dataOf(CompanyProfile), ...errors(401, 403, 404) },
    },
    handler: async (request) => {
      return { data: await companyProfile(ctx, companyOf(request).id) };
    },
  });

  app.get('/me/companies', {
    config: { access: policies.user },
    schema: {
      tags: ['me'],
      summary: 'Companies the signed-in person can open (superusers: all)',
      querystring: MyCompaniesQuery,
      response: { 200: dataOf(MyCompaniesData), ...errors(400, 401) },
    },
    handler: async (request) => {
      return { data: await companiesOf(ctx, principalOf(request).user, request.query) };
    },
  });
}
