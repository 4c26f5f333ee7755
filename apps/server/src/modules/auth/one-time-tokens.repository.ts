import type { Database } from '../../db/database.ts';
import type { OneTimeTokensTable } from '../../db/schema.ts';

type Purpose = OneTimeTokensTable['purpose'];

export async function insertOneTimeToken(
  db: Database,
  values: { user_id: number; purpose: Purpose; token_hash: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({ ...values, created_at: new Date().toISOString() })
    .execute();
}

export function findUsableToken(db: Database, purpose: Purpose, tokenHash: string, now: string) {
  return db
    .selectFrom('one_time_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Marks a token used; false when another request used it first. The
 * conditional update makes single use hold under concurrent requests.
 */
export async function consumeToken(db: Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link replaces the older ones of the same purpose. */
export async function invalidateTokens(
  db: Database,
  userId: number,
  purpose: Purpose,
  now: string,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
