import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  ConnectAnswer,
  ConnectBody,
  SocialAccountList,
  SocialNetwork,
  TikTokCreatorInfo,
} from '@kontora/contract/social-posts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { cookiesOf } from '../../lib/cookies.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { tiktokCreatorInfo } from './creator-info.service.ts';
import {
  disconnectAccount,
  finishConnect,
  listAccounts,
  oauthCookieName,
  startConnect,
} from './social-accounts.service.ts';

const tags = ['social'];
const base = '/companies/:companyId/social/accounts';
const managers = policies.company(MODULE_ID.social, ['owner', 'admin']);

export async function socialAccountsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access: policies.company(MODULE_ID.social) },
    schema: {
      tags,
      summary:
        'Connected social accounts (status `reconnect_needed` when the network refused a token refresh)',
      params: CompanyParams,
      response: { 200: dataOf(SocialAccountList), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await listAccounts(ctx, companyOf(request).id) } }),
  });

  app.get(`${base}/:id/tiktok-creator-info`, {
    config: { access: policies.company(MODULE_ID.social) },
    schema: {
      tags,
      summary:
        'TikTok’s creator info for a TikTok account, asked now: the privacy levels it may post with and its longest video (409 with the reason when TikTok refuses)',
      params: CompanyParams.extend({ id: Id }),
      response: { 200: dataOf(TikTokCreatorInfo), ...errors(401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await tiktokCreatorInfo(ctx, companyOf(request).id, request.params.id),
    }),
  });

  app.post(`${base}/connect`, {
    config: { access: managers },
    schema: {
      tags,
      summary:
        'Start connecting an account (owners, admins): answers the network’s authorisation page to open',
      params: CompanyParams,
      body: ConnectBody,
      response: { 200: dataOf(ConnectAnswer), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) => {
      const { authorize_url, cookie } = await startConnect(ctx, actorOf(request), request.body.type);
      const secure = ctx.config.appUrl.startsWith('https:') ? '; Secure' : '';
      // Lax: sent on the network's top-level redirect back to the callback, not on cross-site requests.
      reply.header(
        'set-cookie',
        `${cookie.name}=${cookie.value}; Path=/api/social/oauth; Max-Age=${cookie.maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`,
      );
      return { data: { authorize_url } };
    },
  });

  app.delete(`${base}/:id`, {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Disconnect an account (owners, admins): its tokens are removed',
      params: CompanyParams.extend({ id: Id }),
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await disconnectAccount(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/social/oauth/:type/callback', {
    // The network sends the browser here; the state (single use, 10 min, bound to person and company) is the credential.
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'OAuth 2 redirect target of the networks; redirects to the accounts screen with the outcome',
      params: z.object({ type: SocialNetwork }),
      querystring: z
        .object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        })
        .loose(),
      response: { 302: z.null(), ...errors(400) },
    },
    handler: async (request, reply) => {
      const target = await finishConnect(
        ctx,
        request.params.type,
        request.query,
        cookiesOf(request.headers.cookie),
      );
      // The state is used up whatever the outcome: its cookie goes too.
      if (request.query.state)
        reply.header(
          'set-cookie',
          `${oauthCookieName(request.query.state)}=; Path=/api/social/oauth; Max-Age=0`,
        );
      return reply.redirect(target, 302);
    },
  });
}
