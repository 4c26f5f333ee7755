import type { AppCaches } from '../../app-caches.ts';
import type { Database } from '../../db/database.ts';

/**
 * A person's TOTP enrolment and recovery codes. Every write evicts the
 * person's cached sessions: the principal carries "has two-factor", which a
 * company that requires it checks on each request.
 */
export function findTwoFactor(db: Database, userId: number) {
  return db
    .selectFrom('two_factor')
    .select(['secret_encrypted', 'enabled_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new, not yet active enrolment; replaces an unfinished one. */
export async function savePendingTwoFactor(db: Database, userId: number, secretEncrypted: string) {
  const now = new Date().toISOString();
  await db.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
  await db
    .insertInto('two_factor')
    .values({
      user_id: userId,
      secret_encrypted: secretEncrypted,
      enabled_at: null,
      last_used_step: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Records `step` as used, only if it is later than the last one used: two
 * requests with the same code (even at once, on two instances) cannot both
 * pass. Also marks the enrolment active. False when the step was already used.
 */
export async function claimStep(
  db: Database,
  caches: AppCaches,
  userId: number,
  step: number,
  enable = false,
) {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('two_factor')
    .set({ last_used_step: step, updated_at: now, ...(enable && { enabled_at: now }) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .where('enabled_at', enable ? 'is' : 'is not', null)
    .executeTakeFirst();
  if (enable) caches.sessions.evict(userId);
  return Number(result.numUpdatedRows) === 1;
}

/** For after a commit: a request during the transaction may have cached the old state. */
export function evictTwoFactorOf(caches: AppCaches, userId: number): void {
  caches.sessions.evict(userId);
}

export async function deleteTwoFactor(db: Database, caches: AppCaches, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  caches.sessions.evict(userId);
}

export async function replaceRecoveryCodes(db: Database, userId: number, hashes: string[]): Promise<void> {
  const now = new Date().toISOString();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

export function listUnusedRecoveryCodes(db: Database, userId: number) {
  return db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function countUnusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Single use: only the first of two racing requests marks the code. */
export async function useRecoveryCode(db: Database, id: number): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
