import type { Selectable } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { CalendarFeedsTable } from '../../db/schema.ts';

export type FeedRow = Selectable<CalendarFeedsTable>;

export function findFeed(db: Database, companyId: number, userId: number): Promise<FeedRow | undefined> {
  return db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The feed an address names: the token is all a calendar app sends. */
export function findFeedByTokenHash(db: Database, tokenHash: string): Promise<FeedRow | undefined> {
  return crossCompany(db, 'a feed address names its feed by the token alone')
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** One feed per person and company: a new token replaces the old one. */
export async function saveFeed(db: Database, row: Omit<FeedRow, 'id'>): Promise<void> {
  await deleteFeed(db, row.company_id, row.user_id);
  await db.insertInto('calendar_feeds').values(row).execute();
}

export async function deleteFeed(db: Database, companyId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('calendar_feeds')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
