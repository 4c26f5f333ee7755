import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyList,
} from '@kontora/contract/api-keys';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { newApiKey } from '../../lib/api-key-format.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { auditActorOf, recordAudit } from '../audit/audit.service.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import { parseScopes } from './api-key-auth.service.ts';
import {
  type ApiKeyRow,
  countActiveApiKeys,
  findApiKey,
  insertApiKey,
  keyHasHash,
  listApiKeys,
  revokeApiKeyRow,
} from './api-keys.repository.ts';

const DAY_MS = 86_400_000;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: API_KEY_PREFIX,
    last_four: row.last_four,
    scopes: parseScopes(row.scopes),
    rate_limit: row.rate_limit,
    created_by: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
  };
}

/**
 * The audit entry and the change-feed entry of a create or revoke, in its
 * transaction. They keep what lists show, never the secret nor its hash.
 */
async function recordKeyHistory(trx: Database, actor: Actor, what: 'created' | 'revoked', key: ApiKey) {
  const record = {
    id: key.id,
    name: key.name,
    last_four: key.last_four,
    scopes: key.scopes,
    rate_limit: key.rate_limit,
    expires_at: key.expires_at,
  };
  await recordAudit(trx, {
    ...auditActorOf(actor),
    action: what === 'created' ? 'api_key.create' : 'api_key.revoke',
    entity: 'api_key',
    entityId: key.id,
    companyId: actor.companyId,
    ...(what === 'created' ? { after: record } : { before: record }),
  });
  await recordChange(trx, {
    companyId: actor.companyId,
    type: `api_key.${what}`,
    entity: { type: 'api_key', id: key.id },
    actor: byActor(actor),
    data: record,
  });
}

export async function listKeys(ctx: AppContext, companyId: number): Promise<ApiKeyList> {
  const rows = await listApiKeys(ctx.db, companyId);
  return { items: rows.map(toApiKey), next_cursor: null };
}

/** Active keys (unrevoked, unexpired), for the dashboard. */
export function countActiveKeys(ctx: AppContext, companyId: number): Promise<number> {
  return countActiveApiKeys(ctx.db, companyId, new Date().toISOString());
}

function expiryOf(requested: string | undefined, now: number): string {
  if (requested === undefined) return new Date(now + API_KEY_LIMITS.expiryDaysDefault * DAY_MS).toISOString();
  const at = Date.parse(requested);
  if (at <= now) throw invalidField('expires_at', 'in_past', 'The expiry must be in the future.');
  if (at > now + API_KEY_LIMITS.expiryDaysMax * DAY_MS) {
    throw invalidField('expires_at', 'too_far', 'A key expires within 366 days at most.');
  }
  return requested;
}

/**
 * Makes a key and answers it with its secret, this once: only the SHA-256 of
 * the secret is stored, so it can never be shown again.
 */
export async function createKey(
  ctx: AppContext,
  actor: Actor,
  body: ApiKeyCreateBody,
): Promise<ApiKeyCreated> {
  const now = Date.now();
  const expiresAt = expiryOf(body.expires_at, now);
  const secret = newApiKey();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const active = await countActiveApiKeys(trx, actor.companyId, new Date(now).toISOString());
    if (active >= API_KEY_LIMITS.activePerCompanyMax) {
      throw new AppError(
        409,
        'conflict',
        'This company has as many active keys as it may. Revoke one first.',
      );
    }
    const newId = await insertApiKey(trx, {
      company_id: actor.companyId,
      name: body.name,
      token_hash: hashToken(secret),
      last_four: secret.slice(-4),
      scopes: JSON.stringify(body.scopes),
      rate_limit: body.rate_limit ?? API_KEY_LIMITS.rateLimitDefault,
      created_by: personOf(actor),
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
    });
    const row = await findApiKey(trx, actor.companyId, newId);
    if (!row) throw new Error('inserted key not found');
    await recordKeyHistory(trx, actor, 'created', toApiKey(row));
    return newId;
  });
  const row = await findApiKey(ctx.db, actor.companyId, id);
  if (!row) throw notFound('API key');
  return { ...toApiKey(row), key: secret };
}

/**
 * Whether a kept create answer may be repeated (decision 044): its key still exists in this
 * company, unrevoked, with that very secret.
 */
export async function createAnswerStillCurrent(
  ctx: AppContext,
  companyId: number,
  answer: unknown,
): Promise<boolean> {
  const data = (answer as { data?: { id?: unknown; key?: unknown } } | null)?.data;
  if (typeof data?.id !== 'number' || typeof data.key !== 'string') return false;
  return keyHasHash(ctx.db, companyId, data.id, hashToken(data.key));
}

/** Revokes a key; the next request with it is refused, on every instance (the eviction is broadcast). */
export async function revokeKey(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findApiKey(trx, actor.companyId, id);
    const at = new Date().toISOString();
    if (!row || !(await revokeApiKeyRow(trx, actor.companyId, id, personOf(actor), at))) {
      throw notFound('API key');
    }
    await recordKeyHistory(trx, actor, 'revoked', toApiKey(row));
  });
  // After the commit: a request in between reads the row again and would cache it unrevoked otherwise.
  ctx.caches.apiKeys.evict(id);
}
