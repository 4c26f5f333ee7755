import { type ApiKeyAccess, type ApiKeyResource, ApiKeyScopes } from '@kontora/contract/api-keys';
import type { AppContext } from '../../context.ts';
import { isWellFormedApiKey } from '../../lib/api-key-format.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findApiKeyByHash, touchApiKey } from './api-keys.repository.ts';

/** A valid key presented on a request. */
export interface KeyPrincipal {
  id: number;
  companyId: number;
  name: string;
  scopes: ApiKeyScopes;
  /** Requests a minute. */
  rateLimit: number;
}

/** last_used_at is written at most once a minute: a read must not become a write each time. */
const TOUCH_INTERVAL_MS = 60_000;

const invalidKey = () =>
  new AppError(401, 'invalid_api_key', 'This API key is not valid: it is unknown, expired or revoked.');

export function parseScopes(json: string): ApiKeyScopes {
  try {
    return ApiKeyScopes.parse(JSON.parse(json));
  } catch {
    return {};
  }
}

/**
 * The key with this secret, if it is valid now: from the key cache, else by
 * its hash in the database. Revoking evicts the key on every instance, so the
 * next request is refused (decision 013).
 */
export async function authenticateApiKey(ctx: AppContext, token: string): Promise<KeyPrincipal> {
  // A mistyped or made-up key fails its checksum and costs no query.
  if (!isWellFormedApiKey(token)) throw invalidKey();
  const tokenHash = hashToken(token);
  const now = ctx.clock.now();
  let row = ctx.caches.apiKeys.get(tokenHash, now);
  if (!row) {
    row = await findApiKeyByHash(ctx.db, tokenHash);
    if (row && row.revoked_at === null) ctx.caches.apiKeys.set(tokenHash, row.id, row);
  }
  if (!row || row.revoked_at !== null || Date.parse(row.expires_at) <= now) throw invalidKey();
  if (!row.last_used_at || now - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    // Noted on the cached row too, so that the next requests of the minute do not write again.
    row.last_used_at = new Date(now).toISOString();
    await touchApiKey(
      ctx.db,
      row.company_id,
      row.id,
      row.last_used_at,
      new Date(now - TOUCH_INTERVAL_MS).toISOString(),
    );
  }
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    rateLimit: row.rate_limit,
  };
}

/** Whether the key's scopes allow this access to the resource; write includes read. */
export function keyAllows(key: KeyPrincipal, resource: ApiKeyResource, need: ApiKeyAccess): boolean {
  const have = key.scopes[resource];
  return have === 'write' || (have === 'read' && need === 'read');
}

/** Per-key fixed window of a minute, on the shared limiter (memory, or Redis when scaled out). */
export async function countKeyRequest(ctx: AppContext, key: KeyPrincipal) {
  const { count, retryAfter } = await ctx.limiter.hit(`api-key:${key.id}`, 60_000);
  return {
    limit: key.rateLimit,
    remaining: Math.max(0, key.rateLimit - count),
    reset: retryAfter,
    over: count > key.rateLimit,
  };
}
