import type { CustomRecord } from '@kontora/contract/custom-fields';
import { sql } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { RECORDS } from './own-values.repository.ts';
import { WORDS } from './own-words.ts';

/**
 * SQLite's words of own values are filled in batches (migration 078,
 * docs/decisions/127-own-value-words-filled-in-batches.md): a create does not write them, so it
 * pays no FTS5 segment of its own. The words hold every record up to the kind's mark
 * (`own_words_marks`); this moves the mark over the records made since, a batch at a time, and
 * the value-first reads look at the records above it directly (value-first.repository.ts).
 * PostgreSQL's GIN index needs none of it.
 */

/** Records a batch indexes at most: one short transaction (about 20 ms for 2,000). */
const BATCH = 2000;

/** The kind's mark: its words hold every record with an id up to it. */
export async function indexedTo(db: Database, record: CustomRecord): Promise<number> {
  const { rows } = await sql<{
    indexed_to: number;
  }>`select indexed_to from own_words_marks where kind = ${record}`.execute(db);
  return Number(rows[0]?.indexed_to ?? 0);
}

/** Indexes the next batch of the kind's records above the mark; answers whether any were left. */
async function fillBatch(db: Database, record: CustomRecord): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const all = crossCompany(trx, 'the value words index every company’s new records in id order');
    const mark = await indexedTo(all, record);
    const { rows } = await sql<{
      top: number | null;
    }>`select max(id) as top from ${sql.table(RECORDS[record])}`.execute(all);
    const to = Math.min(Number(rows[0]?.top ?? 0), mark + BATCH);
    if (to <= mark) return false;
    const words = sql.table(WORDS[record]);
    await sql`insert into ${words} (rowid, w) select id, w from ${sql.table(`${WORDS[record]}_made`)}
      where id > ${mark} and id <= ${to}`.execute(all);
    await sql`update own_words_marks set indexed_to = ${to} where kind = ${record}`.execute(all);
    return true;
  });
}

/** Indexes every record above the marks, a batch a transaction. Nothing on PostgreSQL. */
export async function fillOwnWords(db: Database): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const record of ['customer', 'deal'] as const) while (await fillBatch(db, record)) {}
}
