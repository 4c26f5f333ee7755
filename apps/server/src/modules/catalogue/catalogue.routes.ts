import { ApplicationHelpers, SocialIntegrationType } from '@kontora/contract/helpers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf } from '../../lib/http.ts';
import { policies } from '../../plugins/access.ts';
import { applicationHelpers, socialIntegrationTypes } from './catalogue.service.ts';

export async function catalogueRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogue'];

  app.get('/application-helpers', {
    config: { access: policies.public },
    schema: { tags, summary: 'Lookup lists used by forms', response: { 200: dataOf(ApplicationHelpers) } },
    handler: async () => ({ data: await applicationHelpers(ctx.db) }),
  });

  app.get('/company-social-integration-types', {
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'Social networks that accounts can be connected to, with their limits',
      response: { 200: dataOf(z.array(SocialIntegrationType)) },
    },
    handler: async () => ({ data: await socialIntegrationTypes(ctx.db) }),
  });

  app.get('/app-config', {
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'Branding for the web app',
      response: { 200: dataOf(z.object({ app_name: z.string(), app_credit: z.string() })) },
    },
    handler: async () => ({ data: { app_name: ctx.config.appName, app_credit: ctx.config.appCredit } }),
  });
}
