import { createHash } from 'node:crypto';
import { companyLink } from '@kontora/contract/app-links';
import {
  isSocialErrorCode,
  type SocialAccount,
  type SocialErrorCode,
  type SocialNetwork,
} from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { hashToken, isoIn, newToken, nowIso } from '../../lib/tokens.ts';
import { byUser, type ChangeActorRef, recordChange } from '../change-feed/change-feed.service.ts';
import { companyAccess } from '../companies/companies.service.ts';
import {
  adapterFor,
  isConfigured,
  SocialError,
  type TokenSet,
} from '../social-networks/social-networks.service.ts';
import {
  type AccountRow,
  accountsExpiringBefore,
  deleteAccountRow,
  deleteExpiredOauthStates,
  findAccountRow,
  findAccountRows,
  insertOauthState,
  listAccountRows,
  takeOauthState,
  updateAccount,
  upsertAccount,
} from './social-accounts.repository.ts';
import { endsLater, noticeEndingAccounts, reconnectBy } from './social-expiry.ts';
import { noticeReconnectNeeded } from './social-notices.service.ts';
import { tokenBox } from './social-tokens.ts';

/** A connection must come back within this time. */
const STATE_TTL_MS = 10 * 60_000;
/** Tokens are refreshed this long before they expire (the refresh job runs every 10 minutes). */
export const REFRESH_AHEAD_MS = 30 * 60_000;
const SOCIAL_MODULE = 3;

export function toAccountDto(row: AccountRow): SocialAccount {
  return {
    id: row.id,
    type: row.type as SocialNetwork,
    name: row.name,
    handle: row.handle,
    status: row.status,
    last_error: reconnectReason(row.last_error),
    token_expires_at: row.token_expires_at,
    reconnect_by: reconnectBy(row),
    created_at: row.created_at,
  };
}

/**
 * The code an account needing reconnection shows; rows marked before decision 059 hold the
 * network's words instead, which are never shown: an expired or refused grant is what they meant.
 */
const reconnectReason = (stored: string | null): SocialErrorCode | null =>
  stored === null ? null : isSocialErrorCode(stored) ? stored : 'auth_expired';

export const redirectUri = (ctx: AppContext, type: SocialNetwork) =>
  `${ctx.config.appUrl}/api/social/oauth/${type}/callback`;

/** The company's accounts with these ids (others' are not found), as a post's rules check them. */
export async function accountsForPost(ctx: AppContext, companyId: number, ids: readonly number[]) {
  return (await findAccountRows(ctx.db, companyId, ids)).map(({ id, type, status }) => ({
    id,
    type,
    status,
  }));
}

export async function listAccounts(ctx: AppContext, companyId: number): Promise<SocialAccount[]> {
  return (await listAccountRows(ctx.db, companyId)).map(toAccountDto);
}

/**
 * The browser that starts a connection gets a cookie of its own, named after the state,
 * and the state is stored hashed together with it: a callback opened in another browser
 * (someone who consented on a link an attacker sent them) finds no state. Without it,
 * whoever consented would connect their network account into the attacker's company.
 */
export const oauthCookieName = (state: string) => `kontora_oauth_${hashToken(state).slice(0, 16)}`;
const boundStateHash = (state: string, binder: string) => hashToken(`${state}.${binder}`);

/**
 * Starts an OAuth 2 code flow: a random state (stored hashed, bound to person, company and
 * the starting browser's cookie, 10 min) and PKCE where used.
 */
export async function startConnect(
  ctx: AppContext,
  actor: Actor,
  type: SocialNetwork,
): Promise<{ authorize_url: string; cookie: { name: string; value: string; maxAgeSeconds: number } }> {
  if (!isConfigured(ctx.config.social.networks[type])) throw invalidField('type', 'not_configured');
  const adapter = adapterFor(ctx.config, type);
  const state = newToken();
  const binder = newToken();
  const verifier = adapter.pkce ? newToken() : null;
  const challenge = verifier ? createHash('sha256').update(verifier).digest('base64url') : null;
  await insertOauthState(ctx.db, {
    company_id: actor.companyId,
    user_id: personOf(actor),
    type,
    state_hash: boundStateHash(state, binder),
    code_verifier: tokenBox(ctx.config).seal(verifier),
    expires_at: isoIn(STATE_TTL_MS),
    created_at: nowIso(),
  });
  return {
    authorize_url: adapter.authorizationUrl({
      state,
      redirectUri: redirectUri(ctx, type),
      codeChallenge: challenge,
    }),
    cookie: { name: oauthCookieName(state), value: binder, maxAgeSeconds: STATE_TTL_MS / 1000 },
  };
}

function sealedTokens(ctx: AppContext, tokens: TokenSet) {
  const box = tokenBox(ctx.config);
  return {
    access_token: box.seal(tokens.accessToken),
    refresh_token: box.seal(tokens.refreshToken),
    token_expires_at: tokens.expiresAt,
    refresh_expires_at: tokens.refreshExpiresAt,
  };
}

/**
 * The OAuth callback: the state must be one we issued, unused, unexpired, for this
 * network, and its person must still be allowed to connect accounts in its company.
 * Answers where to send the browser (`#/company/social/accounts` with the outcome, naming the
 * company once the state is known).
 */
export async function finishConnect(
  ctx: AppContext,
  type: SocialNetwork,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  cookies: Record<string, string>,
): Promise<string> {
  const page = (outcome: string) => `/company/social/accounts?${outcome}`;
  // Until the state is known, the company is not: the screen opens in the current one.
  const back = (outcome: string) => `${ctx.config.appUrl}/#${page(outcome)}`;
  if (!query.state) return back('error=invalid_state');
  const binder = cookies[oauthCookieName(query.state)];
  if (!binder) return back('error=other_browser');
  const taken = await takeOauthState(ctx.db, boundStateHash(query.state, binder));
  if (!taken || taken.type !== type || taken.expires_at < nowIso()) return back('error=invalid_state');
  const state = taken;
  // The company the connection was started in: a person of several companies lands in it (decision 049).
  const backToCompany = (outcome: string) => companyLink(page(outcome), state.company_id, ctx.config.appUrl);
  if (query.error || !query.code) return backToCompany('error=denied');
  const access = await companyAccess(ctx, state.company_id, state.user_id);
  if (!access?.role || !['owner', 'admin'].includes(access.role) || !access.modules.includes(SOCIAL_MODULE)) {
    return backToCompany('error=forbidden');
  }
  const adapter = adapterFor(ctx.config, type);
  try {
    const verifier = tokenBox(ctx.config).open(state.code_verifier);
    const tokens = await adapter.exchangeCode({
      code: query.code,
      redirectUri: redirectUri(ctx, type),
      codeVerifier: verifier,
    });
    const accounts = await adapter.accountDetails(tokens);
    if (accounts.length === 0) return backToCompany('error=no_accounts');
    await ctx.db.transaction().execute(async (trx) => {
      const at = nowIso();
      for (const account of accounts) {
        const { id, created } = await upsertAccount(trx, {
          company_id: state.company_id,
          type,
          remote_id: account.remoteId,
          name: account.name.slice(0, 200),
          handle: account.handle?.slice(0, 200) ?? null,
          status: 'active',
          ...sealedTokens(ctx, account.tokens ?? tokens),
          extra: account.extra ? JSON.stringify(account.extra) : null,
          last_error: null,
          owners_notified_at: null,
          connected_by: state.user_id,
          created_at: at,
          updated_at: at,
        });
        await recordChange(trx, {
          companyId: state.company_id,
          type: 'social_account.connected',
          entity: { type: 'social_account', id },
          actor: byUser(state.user_id),
          data: { type, name: account.name, reconnected: !created },
        });
      }
    });
    return backToCompany(`connected=${accounts.length}`);
  } catch (error) {
    const code = error instanceof SocialError ? error.code : 'rejected';
    return backToCompany(`error=${code}`);
  }
}

export async function disconnectAccount(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findAccountRow(trx, actor.companyId, id);
    if (!row) throw notFound('Account');
    // The tokens go with the row; the account's unpublished targets go with it too (cascade).
    await deleteAccountRow(trx, actor.companyId, id);
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'social_account.disconnected',
      entity: { type: 'social_account', id },
      actor: byUser(personOf(actor)),
      data: { type: row.type, name: row.name },
    });
  });
}

const system: ChangeActorRef = { kind: 'system', name: 'social' };

/** Marks the account "reconnect needed" and tells its owners, once per breakage. */
export async function markReconnectNeeded(
  ctx: AppContext,
  row: AccountRow,
  reason: SocialErrorCode,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findAccountRow(trx, row.company_id, row.id);
    if (!current || current.status === 'reconnect_needed') return;
    const at = nowIso();
    await updateAccount(trx, row.company_id, row.id, {
      status: 'reconnect_needed',
      last_error: reason,
      owners_notified_at: at,
      updated_at: at,
    });
    await noticeReconnectNeeded(ctx, trx, row.company_id, { account: row.name, network: row.type });
    await recordChange(trx, {
      companyId: row.company_id,
      type: 'social_account.reconnect_needed',
      entity: { type: 'social_account', id: row.id },
      actor: system,
      data: { type: row.type, name: row.name, reason },
    });
  });
}

/** Codes a refused refresh keeps; any other refusal of a refresh means the grant is gone. */
const REFRESH_REASONS = new Set<SocialErrorCode>(['permission_denied', 'private_address', 'invalid_address']);
const refreshRefusal = (error: unknown): SocialErrorCode =>
  error instanceof SocialError && REFRESH_REASONS.has(error.code) ? error.code : 'auth_expired';

async function refreshAccount(ctx: AppContext, row: AccountRow): Promise<TokenSet> {
  const box = tokenBox(ctx.config);
  const current: TokenSet = {
    accessToken: box.open(row.access_token) ?? '',
    refreshToken: box.open(row.refresh_token),
    expiresAt: row.token_expires_at,
    refreshExpiresAt: row.refresh_expires_at,
  };
  try {
    const next = await adapterFor(ctx.config, row.type as SocialNetwork).refresh(current);
    const sealed = sealedTokens(ctx, next);
    // A refresh that moves the connection's end further away re-arms the expiry notice.
    const rearm =
      row.owners_notified_at && endsLater(reconnectBy(sealed)) ? { owners_notified_at: null } : {};
    await updateAccount(ctx.db, row.company_id, row.id, { ...sealed, ...rearm, updated_at: nowIso() });
    return next;
  } catch (error) {
    if (error instanceof SocialError && error.kind !== 'permanent') throw error;
    await markReconnectNeeded(ctx, row, refreshRefusal(error));
    throw error;
  }
}

/**
 * The account and its live tokens for a publish: refreshed first when they expire
 * within a minute. Null when the account is gone.
 */
export async function accountForPublishing(ctx: AppContext, companyId: number, accountId: number) {
  const row = await findAccountRow(ctx.db, companyId, accountId);
  if (!row) return null;
  if (row.status !== 'active') {
    throw new SocialError('permanent', 'auth_expired', 'The account must be connected again.');
  }
  let tokens: TokenSet = {
    accessToken: tokenBox(ctx.config).open(row.access_token) ?? '',
    refreshToken: tokenBox(ctx.config).open(row.refresh_token),
    expiresAt: row.token_expires_at,
    refreshExpiresAt: row.refresh_expires_at,
  };
  if (tokens.expiresAt && tokens.refreshToken && tokens.expiresAt < isoIn(60_000))
    tokens = await refreshAccount(ctx, row);
  return {
    row,
    tokens,
    ref: {
      remoteId: row.remote_id,
      handle: row.handle,
      extra: row.extra ? (JSON.parse(row.extra) as Record<string, string>) : {},
    },
  };
}

/**
 * The refresh job: every active account whose token expires soon gets a new one; a refusal
 * marks it "reconnect needed". Then the owners of accounts whose connection ends within
 * 7 days by the network's word are told (`social-expiry.ts`).
 */
export async function refreshDueAccounts(ctx: AppContext): Promise<void> {
  await refreshExpiringTokens(ctx);
  await noticeEndingAccounts(ctx);
}

async function refreshExpiringTokens(ctx: AppContext): Promise<void> {
  await deleteExpiredOauthStates(ctx.db, nowIso());
  const due = await accountsExpiringBefore(ctx.db, isoIn(REFRESH_AHEAD_MS), 200);
  for (const { id, company_id } of due) {
    const row = await findAccountRow(ctx.db, company_id, id);
    if (!row) continue;
    try {
      await refreshAccount(ctx, row);
    } catch {
      // Transient failures try again on the next run; permanent ones were marked above.
    }
  }
}
