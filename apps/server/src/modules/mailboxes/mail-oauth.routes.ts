import { MODULE_ID } from '@kontora/contract/limits';
import {
  MAIL_OAUTH_PROVIDERS,
  MailOauthProviderList,
  MailOauthStartAnswer,
  MailOauthStartBody,
} from '@kontora/contract/mailboxes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { cookiesOf } from '../../lib/cookies.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import {
  configuredProviders,
  finishMailOauth,
  MAIL_OAUTH_PATH,
  mailOauthCookieName,
  startMailOauth,
} from './mail-oauth.service.ts';

const tags = ['mailboxes'];
const members = policies.company(MODULE_ID.crm);
const base = '/companies/:companyId/mailboxes/oauth';

/** Connecting a Gmail or Microsoft 365 mailbox by signing in (decision 078). */
export async function mailOauthRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${base}/providers`, {
    config: { access: members },
    schema: {
      tags,
      summary: 'The providers this deployment offers mailbox sign-in with (those with a client configured)',
      params: CompanyParams,
      response: { 200: dataOf(MailOauthProviderList), ...errors(401, 403, 404) },
    },
    handler: async () => ({ data: { items: configuredProviders(ctx) } }),
  });

  app.post(base, {
    config: { access: members },
    schema: {
      tags,
      summary:
        "Start signing in a mailbox with a provider: answers the provider's page to open; the mailbox is made when the browser comes back",
      params: CompanyParams,
      body: MailOauthStartBody,
      response: { 200: dataOf(MailOauthStartAnswer), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) => {
      const { authorize_url, cookie } = await startMailOauth(ctx, actorOf(request), request.body);
      const secure = ctx.config.appUrl.startsWith('https:') ? '; Secure' : '';
      // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site requests.
      reply.header(
        'set-cookie',
        `${cookie.name}=${cookie.value}; Path=${MAIL_OAUTH_PATH}; Max-Age=${cookie.maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`,
      );
      return { data: { authorize_url } };
    },
  });

  app.get('/mail/oauth/:provider/callback', {
    // The provider sends the browser here; the state (single use, 10 min, bound to person, company and browser) is the credential.
    config: { access: policies.public },
    schema: {
      tags,
      summary: "The providers' OAuth 2 redirect target; redirects to Settings with the outcome",
      params: z.object({ provider: z.enum(MAIL_OAUTH_PROVIDERS) }),
      querystring: z
        .object({
          code: z.string().max(4000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        })
        .loose(),
      response: { 302: z.null(), ...errors(400) },
    },
    handler: async (request, reply) => {
      const target = await finishMailOauth(
        ctx,
        request.params.provider,
        request.query,
        cookiesOf(request.headers.cookie),
      );
      // The state is used up whatever the outcome: its cookie goes too.
      if (request.query.state)
        reply.header(
          'set-cookie',
          `${mailOauthCookieName(request.query.state)}=; Path=${MAIL_OAUTH_PATH}; Max-Age=0`,
        );
      return reply.redirect(target, 302);
    },
  });
}
