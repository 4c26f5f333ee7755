import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * PostgreSQL: no parallel plans over `events` (decision 026). The to-dos are
 * read a page at a time (a month of the calendar, 500 rows): with 200,000
 * to-dos the planner estimated a page costly enough to start workers and
 * hash-join a parallel scan of the whole table where a few dozen primary-key
 * lookups do, and starting workers alone cost more than the page (0.7 s
 * instead of 25 ms on a busy server). SQLite has no parallel plans.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`ALTER TABLE events SET (parallel_workers = 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`ALTER TABLE events RESET (parallel_workers)`.execute(db);
}
