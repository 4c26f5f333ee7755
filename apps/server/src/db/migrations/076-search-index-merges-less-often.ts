import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * SQLite's full-text index of customers (FTS5, migration 020) writes each transaction's words as a
 * new segment and merges segments as they pile up. With FTS5's default `automerge` of 4 a word was
 * rewritten on every fourth segment of its level, so a 100,000-row import spent about a seventh of
 * its SQLite work merging. At 16 each word is rewritten about half as often; a search reads up to
 * 15 segments a level instead of 3, which costs it microseconds
 * (docs/decisions/124-search-index-merges-less-often.md). The setting is stored in the index.
 */
async function automerge(db: Kysely<any>, segments: number): Promise<void> {
  if (isPostgres(db)) return;
  await sql`insert into customers_fts (customers_fts, rank) values ('automerge', ${sql.lit(segments)})`.execute(
    db,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await automerge(db, 16);
}

export async function down(db: Kysely<any>): Promise<void> {
  await automerge(db, 4);
}
