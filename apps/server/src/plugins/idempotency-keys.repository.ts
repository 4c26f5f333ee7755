import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** Whose key it is and for which route (method and path). */
export interface KeyScope {
  ownerKind: 'user' | 'api_key';
  ownerId: number;
  route: string;
  key: string;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'reused' }
  | { kind: 'running' }
  | { kind: 'done'; status: number; body: string };

/** The one row of a scope, as a condition for select, update and delete alike. */
const rowOf = (s: KeyScope) => (eb: ExpressionBuilder<DB, 'idempotency_keys'>) =>
  eb.and({ owner_kind: s.ownerKind, owner_id: s.ownerId, route: s.route, key: s.key });

/**
 * Claims a key for a request, or says why not. A row older than `expiredBefore`
 * counts as gone (pruning may lag); a claim still running after
 * `abandonedBefore` belonged to a process that died and is taken over.
 */
export async function claimKey(
  db: Database,
  s: KeyScope,
  hash: string,
  now: string,
  expiredBefore: string,
  abandonedBefore: string,
): Promise<ClaimOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        owner_kind: s.ownerKind,
        owner_id: s.ownerId,
        route: s.route,
        key: s.key,
        request_hash: hash,
        response_status: null,
        response_body: null,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'claimed' };

    const row = await db
      .selectFrom('idempotency_keys')
      .where(rowOf(s))
      .select(['request_hash', 'response_status', 'response_body', 'created_at'])
      .executeTakeFirst();
    if (!row) continue;
    if (row.created_at < expiredBefore) {
      await deleteKeyRow(db, s, row.created_at);
      continue;
    }
    if (row.request_hash !== hash) return { kind: 'reused' };
    if (row.response_status !== null) {
      return { kind: 'done', status: row.response_status, body: row.response_body ?? '' };
    }
    if (row.created_at >= abandonedBefore) return { kind: 'running' };
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ created_at: now })
      .where(rowOf(s))
      .where('response_status', 'is', null)
      .where('created_at', '=', row.created_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return { kind: 'claimed' };
  }
  // Three races lost in a row: another request is busy with this key.
  return { kind: 'running' };
}

async function deleteKeyRow(db: Database, s: KeyScope, createdAt?: string): Promise<void> {
  let query = db.deleteFrom('idempotency_keys').where(rowOf(s));
  if (createdAt !== undefined) query = query.where('created_at', '=', createdAt);
  await query.execute();
}

/** Keeps the first answer for replays. */
export async function completeKey(db: Database, s: KeyScope, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: body })
    .where(rowOf(s))
    .execute();
}

/** Lets the key be used again (the request failed and created nothing). */
export function releaseKey(db: Database, s: KeyScope): Promise<void> {
  return deleteKeyRow(db, s);
}

/** Deletes keys created before the cutoff, of every caller; answers how many. */
export async function deleteKeysBefore(db: Database, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
