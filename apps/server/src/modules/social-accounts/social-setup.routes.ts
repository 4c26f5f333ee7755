import { MODULE_ID } from '@kontora/contract/limits';
import { SocialNetwork } from '@kontora/contract/social-posts';
import {
  SocialNetworkAvailabilityList,
  SocialNetworkCheck,
  SocialNetworkSetupList,
} from '@kontora/contract/social-setup';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { CompanyParams, policies } from '../../plugins/access.ts';
import { checkNetwork, networkAvailability, networkSetups } from './social-setup.service.ts';

/** Which networks this deployment can connect, and their set-up for superusers. */
export async function socialSetupRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/companies/:companyId/social/networks', {
    config: { access: policies.company(MODULE_ID.social) },
    schema: {
      tags: ['social'],
      summary:
        'The six networks and whether this deployment has an app registered with each (only those can be connected)',
      params: CompanyParams,
      response: { 200: dataOf(SocialNetworkAvailabilityList), ...errors(401, 403, 404) },
    },
    handler: async () => ({ data: { items: networkAvailability(ctx) } }),
  });

  app.get('/admin/social/networks', {
    config: { access: policies.superuser },
    schema: {
      tags: ['admin'],
      summary:
        'Each network’s set-up (superusers): the OAuth redirect address to register there and the environment variables, whether set (a secret’s value is never shown)',
      response: { 200: dataOf(SocialNetworkSetupList), ...errors(401, 403) },
    },
    handler: async () => ({ data: { items: networkSetups(ctx) } }),
  });

  app.post('/admin/social/networks/:type/check', {
    config: { access: policies.superuser },
    schema: {
      tags: ['admin'],
      summary:
        'Check a network’s credentials (superusers): an app-only token is asked where the network offers one, else only their presence is seen; the outcome is ours, never the network’s text',
      params: z.object({ type: SocialNetwork }),
      response: { 200: dataOf(SocialNetworkCheck), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await checkNetwork(ctx, request.params.type) }),
  });
}
