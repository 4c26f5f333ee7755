import type { AppCaches } from '../../app-caches.ts';
import type { Database } from '../../db/database.ts';
import { userColumns } from '../users/users.service.ts';

export async function insertSession(
  db: Database,
  values: {
    user_id: number;
    token_hash: string;
    expires_at: string;
    user_agent: string | null;
    ip: string | null;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('sessions')
    .values({ ...values, created_at: now, last_used_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One indexed lookup per authenticated request: the session, its person, and whether they have two-factor. */
export function findSessionByTokenHash(db: Database, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.last_used_at', 'sessions.expires_at', ...userColumns])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('two_factor')
            .select('two_factor.user_id')
            .whereRef('two_factor.user_id', '=', 'users.id')
            .where('two_factor.enabled_at', 'is not', null),
        )
        .as('two_factor_enabled'),
    )
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Database, id: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(
  db: Database,
  caches: AppCaches,
  id: number,
  userId: number,
): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
  caches.sessions.evict(userId);
}

/** Ends all sessions of a person (but one, when given); takes effect on the very next request. Answers how many ended. */
export async function deleteSessionsOfUser(
  db: Database,
  caches: AppCaches,
  userId: number,
  exceptSessionId?: number,
): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  const result = await q.executeTakeFirst();
  caches.sessions.evict(userId);
  return Number(result.numDeletedRows);
}
