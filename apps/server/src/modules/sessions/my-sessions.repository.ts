import type { AppCaches } from '../../app-caches.ts';
import type { Database } from '../../db/database.ts';

/** The person's sessions still alive: not past their absolute expiry, nor idle past `idleSince`. */
export function listLiveSessionsOfUser(db: Database, userId: number, now: string, idleSince: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', idleSince)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Ends one session of this person; false when no such session of theirs exists.
 * The eviction reaches every instance (broadcast over Redis when configured).
 */
export async function deleteSessionOfUser(
  db: Database,
  caches: AppCaches,
  userId: number,
  sessionId: number,
) {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  caches.sessions.evict(userId);
  return Number(result.numDeletedRows) === 1;
}
