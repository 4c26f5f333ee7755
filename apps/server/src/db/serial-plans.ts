import { sql } from 'kysely';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';

/**
 * Runs `work` where PostgreSQL plans without parallel workers (decision 094). A list page
 * filtered by an own value reads a few hundred index entries: its plan takes 2–12 ms alone,
 * and 36–114 ms when the planner gathers two workers for it, most of it their start. A
 * setting local to a read transaction leaves every other statement's plans as they are.
 * SQLite has no parallel plans: `work` runs on `db` as given.
 */
export async function withSerialPlans<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres') return work(db);
  const serial = async (trx: Database) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return work(trx);
  };
  return db.isTransaction ? serial(db) : db.transaction().execute(serial);
}
