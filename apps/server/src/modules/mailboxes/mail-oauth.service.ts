import { createHash } from 'node:crypto';
import { companyLink } from '@kontora/contract/app-links';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  MAIL_OAUTH_PROVIDERS,
  MAILBOX_LIMITS,
  type MailOauthOutcome,
  type MailOauthProvider,
  type MailOauthStartBody,
} from '@kontora/contract/mailboxes';
import type { AppContext } from '../../context.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { invalidField } from '../../lib/errors.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { companyAccess } from '../companies/companies.service.ts';
import { MailConnectFailure, testImap } from './imap-connect.ts';
import {
  deleteExpiredMailOauthStates,
  findSignedInMailbox,
  insertMailOauthState,
  takeMailOauthState,
} from './mail-oauth.repository.ts';
import {
  authorizationUrl,
  exchangeCode,
  isProviderConfigured,
  MailTokenError,
  type MailTokens,
  providerSettings,
} from './mail-oauth-providers.ts';
import { syncMailboxJob } from './mailbox-jobs.ts';
import { sealSecrets } from './mailbox-secrets.ts';
import { insertMailbox, listOwnMailboxes, updateMailbox } from './mailboxes.repository.ts';

/** A sign-in must come back within this time. */
const STATE_TTL_MS = 10 * 60_000;
/** The callback's path: the browser's binder cookie is sent only there. */
export const MAIL_OAUTH_PATH = '/api/mail/oauth';

/** The providers this deployment configured a client for. */
export const configuredProviders = (ctx: AppContext): MailOauthProvider[] =>
  MAIL_OAUTH_PROVIDERS.filter((p) => isProviderConfigured(providerSettings(ctx.config, p)));

export const mailRedirectUri = (ctx: AppContext, provider: MailOauthProvider) =>
  `${ctx.config.appUrl}${MAIL_OAUTH_PATH}/${provider}/callback`;

/**
 * As for social accounts (decision 046): the browser that starts a sign-in gets a cookie of
 * its own, named after the state, and the state is stored hashed together with it, so a
 * callback opened in another browser (someone who consented on a link sent to them) finds
 * nothing and cannot put their mailbox into the sender's company.
 */
export const mailOauthCookieName = (state: string) => `kontora_mail_oauth_${hashToken(state).slice(0, 16)}`;
const boundStateHash = (state: string, binder: string) => hashToken(`${state}.${binder}`);
const verifierBox = (ctx: AppContext) => secretBoxFor(ctx.config.secretKey, 'mailbox-oauth-verifier');

/** Starts a sign-in: a random state bound to person, company and browser, with PKCE (S256). */
export async function startMailOauth(
  ctx: AppContext,
  actor: Actor,
  body: MailOauthStartBody,
): Promise<{ authorize_url: string; cookie: { name: string; value: string; maxAgeSeconds: number } }> {
  if (!configuredProviders(ctx).includes(body.provider)) throw invalidField('provider', 'not_configured');
  const userId = personOf(actor);
  await deleteExpiredMailOauthStates(ctx.db, ctx.clock.nowIso());
  const state = newToken();
  const binder = newToken();
  const verifier = newToken();
  await insertMailOauthState(ctx.db, {
    company_id: actor.companyId,
    user_id: userId,
    provider: body.provider,
    state_hash: boundStateHash(state, binder),
    code_verifier: verifierBox(ctx).seal(Buffer.from(verifier)),
    visibility: body.visibility,
    sync_days: body.sync_days,
    expires_at: new Date(ctx.clock.now() + STATE_TTL_MS).toISOString(),
    created_at: ctx.clock.nowIso(),
  });
  return {
    authorize_url: authorizationUrl(ctx.config, body.provider, {
      state,
      redirectUri: mailRedirectUri(ctx, body.provider),
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    }),
    cookie: { name: mailOauthCookieName(state), value: binder, maxAgeSeconds: STATE_TTL_MS / 1000 },
  };
}

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * The provider's callback. The state must be one we issued, unused, unexpired, for this
 * provider, started in this browser, and its person must still be a CRM member of its
 * company. The code is exchanged, the address read from the id_token, and the IMAP login
 * tried with XOAUTH2 before anything is kept. The same address signed in again reconnects
 * its mailbox (new tokens, failures cleared); another is a new mailbox. Answers where to send
 * the browser: Settings, naming the company once the state is known (decision 049), with
 * `mailbox_connected` or `mailbox_error=<code>`.
 */
export async function finishMailOauth(
  ctx: AppContext,
  provider: MailOauthProvider,
  query: CallbackQuery,
  cookies: Record<string, string>,
): Promise<string> {
  const page = (outcome: string) => `/company/settings?${outcome}`;
  const back = (outcome: MailOauthOutcome) => `${ctx.config.appUrl}/#${page(`mailbox_error=${outcome}`)}`;
  if (!query.state) return back('invalid_state');
  const binder = cookies[mailOauthCookieName(query.state)];
  if (!binder) return back('other_browser');
  const state = await takeMailOauthState(ctx.db, boundStateHash(query.state, binder));
  if (!state || state.provider !== provider || state.expires_at < ctx.clock.nowIso())
    return back('invalid_state');
  const there = (outcome: string) => companyLink(page(outcome), state.company_id, ctx.config.appUrl);
  // Every code said here is one the web translates (MAIL_OAUTH_OUTCOMES).
  const failed = (code: MailOauthOutcome) => there(`mailbox_error=${code}`);
  if (query.error || !query.code) return failed('denied');
  const access = await companyAccess(ctx, state.company_id, state.user_id);
  if (!access?.role || !access.modules.includes(MODULE_ID.crm)) return failed('forbidden');

  let tokens: MailTokens;
  try {
    tokens = await exchangeCode(
      ctx.config,
      provider,
      {
        code: query.code,
        redirectUri: mailRedirectUri(ctx, provider),
        codeVerifier: verifierBox(ctx).open(state.code_verifier).toString('utf8'),
      },
      ctx.clock.now(),
    );
  } catch (err) {
    if (err instanceof MailTokenError) return failed('rejected');
    throw err;
  }
  const email = tokens.email;
  if (!email) return failed('no_email');
  const { imap, smtp } = providerSettings(ctx.config, provider);
  try {
    await testImap(ctx, { ...imap, username: email, password: '', accessToken: tokens.accessToken });
  } catch (err) {
    if (err instanceof MailConnectFailure) return failed(err.reason);
    throw err;
  }

  const existing = await findSignedInMailbox(ctx.db, state.company_id, state.user_id, provider, email);
  // Checked here rather than at the start: signing in again to reconnect a mailbox needs no room.
  const own = await listOwnMailboxes(ctx.db, state.company_id, state.user_id);
  if (!existing && own.length >= MAILBOX_LIMITS.mailboxesMax) return failed('too_many_mailboxes');
  const now = ctx.clock.nowIso();
  const servers = {
    imap_host: imap.host,
    imap_port: imap.port,
    imap_security: imap.security,
    imap_username: email,
    smtp_host: smtp.host,
    smtp_port: smtp.port,
    smtp_security: smtp.security,
    smtp_username: email,
    secrets: sealSecrets(ctx, {
      imap: '',
      smtp: null,
      oauth: { access: tokens.accessToken, refresh: tokens.refreshToken },
    }),
    oauth_expires_at: tokens.expiresAt,
    status: 'connecting' as const,
    last_error: null,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    let id = existing?.id;
    if (id !== undefined) {
      await updateMailbox(trx, state.company_id, id, {
        ...servers,
        failing_since: null,
        retry_at: null,
        failure_mailed_at: null,
      });
    } else {
      id = await insertMailbox(trx, {
        company_id: state.company_id,
        user_id: state.user_id,
        email,
        auth: provider,
        visibility: state.visibility,
        sync_days: state.sync_days,
        last_synced_at: null,
        created_at: now,
        ...servers,
      });
    }
    await ctx.jobs.enqueue(trx, syncMailboxJob, { company_id: state.company_id, mailbox_id: id });
  });
  return there(`mailbox_connected=${provider}`);
}
