import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';

/** Whose list: the company's (`userId` null) or one person's in the company. */
export interface ExclusionList {
  companyId: number;
  userId: number | null;
}

/** One list's entries, sorted. */
export async function listExclusions(db: Database, list: ExclusionList): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_exclusions')
    .select('entry')
    .distinct()
    .where('company_id', '=', list.companyId)
    .where((eb) => (list.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', list.userId)))
    .orderBy('entry')
    .execute();
  return rows.map((r) => r.entry);
}

/** What a person's mailboxes obey: the company's list and the person's own. */
export async function exclusionsOf(db: Database, companyId: number, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_exclusions')
    .select('entry')
    .distinct()
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .execute();
  return rows.map((r) => r.entry);
}

/**
 * Inside the caller's transaction, before it reads the list to change it: on PostgreSQL two
 * writes of a company's lists at once would otherwise both delete and then both insert
 * (SQLite runs one writing transaction at a time anyway).
 */
export async function lockExclusions(trx: Database, companyId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
}

/** Writes the list whole (inside the caller's transaction). */
export async function replaceExclusions(
  trx: Database,
  list: ExclusionList,
  entries: readonly string[],
  now: string,
): Promise<void> {
  await trx
    .deleteFrom('mail_exclusions')
    .where('company_id', '=', list.companyId)
    .where((eb) => (list.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', list.userId)))
    .execute();
  if (entries.length === 0) return;
  await trx
    .insertInto('mail_exclusions')
    .values(
      entries.map((entry) => ({ company_id: list.companyId, user_id: list.userId, entry, created_at: now })),
    )
    .execute();
}
