import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * SQLite's full-text index of customers (FTS5, migration 020) writes each transaction's words as a
 * new segment and merges segments as they pile up. With FTS5's default `automerge` of 4 a word was
 * rewritten on every fourth segment of its level. At 16 each word is rewritten about half as
 * often, which took a seventh off SQLite's work for a 100,000-row import; a search reads up to
 * 15 segments a level instead of 3, which costs it microseconds. `crisismerge` (16 by default: a
 * level that reaches it is merged whole, in the transaction that filled it) goes to 64, so that a
 * level of 16 is merged a little with each later write rather than all at once
 * (docs/decisions/124-search-index-merges-less-often.md). The settings are stored in the index.
 */
async function merges(db: Kysely<any>, automerge: number, crisismerge: number): Promise<void> {
  if (isPostgres(db)) return;
  for (const [setting, segments] of [
    ['automerge', automerge],
    ['crisismerge', crisismerge],
  ] as const) {
    await sql`insert into customers_fts (customers_fts, rank) values (${sql.lit(setting)}, ${sql.lit(segments)})`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await merges(db, 16, 64);
}

export async function down(db: Kysely<any>): Promise<void> {
  await merges(db, 4, 16);
}
