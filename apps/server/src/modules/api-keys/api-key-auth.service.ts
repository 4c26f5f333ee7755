import { type ApiKeyAccess, type ApiKeyResource, ApiKeyScopes } from '@kontora/contract/api-keys';
import type { AppContext } from '../../context.ts';
import { API_KEY_LENGTH, isWellFormedApiKey } from '../../lib/api-key-format.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { type ApiKeyAuthRow, findApiKeyByHash, touchApiKey } from './api-keys.repository.ts';
import type { KeyPrincipal, VerifiedKey } from './verified-key.ts';

export type { KeyPrincipal } from './verified-key.ts';

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
 * The key with this secret, if it is valid at `now`. A key is verified once and then
 * served from the key cache by the hash of its secret (the secret itself is never
 * kept), as sessions are: a cached request parses nothing, queries nothing and awaits
 * nothing, so the cached key is answered as it is, not in a Promise. Revoking evicts the
 * key on every instance, so the next request anywhere reads the row and is refused
 * (docs/decisions/056-api-key-verification-cache.md). Expiry is checked on every
 * request, cached or not (`checkKeyUse`).
 */
export function authenticateApiKey(
  ctx: AppContext,
  token: string,
  now: number,
): VerifiedKey | Promise<VerifiedKey> {
  // A token of another length is no key: refused before it is hashed (a header can be kilobytes long).
  if (token.length !== API_KEY_LENGTH) throw invalidKey();
  const tokenHash = hashToken(token);
  // Only well-formed keys are ever cached, and the hash names one secret: a hit needs no checksum.
  return ctx.caches.apiKeys.get(tokenHash, now) ?? verifyApiKey(ctx, token, tokenHash);
}

async function verifyApiKey(ctx: AppContext, token: string, tokenHash: string): Promise<VerifiedKey> {
  // A mistyped or made-up key fails its checksum and costs no query.
  if (!isWellFormedApiKey(token)) throw invalidKey();
  const row = await findApiKeyByHash(ctx.db, tokenHash);
  if (!row || row.revoked_at !== null) throw invalidKey();
  const verified = verifiedKeyOf(row);
  // Unknown and revoked keys are never cached: a refusal always reads the database.
  ctx.caches.apiKeys.set(tokenHash, row.id, verified);
  return verified;
}

/**
 * Refuses an expired key, and writes last_used_at when it is a minute old: a Promise only then
 * (once a minute per key), nothing otherwise.
 */
export function checkKeyUse(ctx: AppContext, verified: VerifiedKey, now: number): Promise<void> | undefined {
  if (verified.expiresAt <= now) throw invalidKey();
  if (now - verified.lastUsedAt <= TOUCH_INTERVAL_MS) return undefined;
  // Noted on the cached entry first, so that the requests arriving meanwhile do not write too.
  verified.lastUsedAt = now;
  const { id, companyId } = verified.principal;
  const staleBefore = new Date(now - TOUCH_INTERVAL_MS).toISOString();
  return touchApiKey(ctx.db, companyId, id, new Date(now).toISOString(), staleBefore);
}

function verifiedKeyOf(row: ApiKeyAuthRow): VerifiedKey {
  return {
    // Frozen: every request of the key shares this object while it is cached.
    principal: Object.freeze({
      id: row.id,
      companyId: row.company_id,
      name: row.name,
      scopes: Object.freeze(parseScopes(row.scopes)),
      rateLimit: row.rate_limit,
    }),
    rateLimitHeader: String(row.rate_limit),
    expiresAt: Date.parse(row.expires_at),
    lastUsedAt: row.last_used_at === null ? 0 : Date.parse(row.last_used_at),
  };
}

/** Whether the key's scopes allow this access to the resource; write includes read. */
export function keyAllows(key: KeyPrincipal, resource: ApiKeyResource, need: ApiKeyAccess): boolean {
  const have = key.scopes[resource];
  return have === 'write' || (have === 'read' && need === 'read');
}
