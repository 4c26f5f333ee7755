import { type Kysely, sql } from 'kysely';
import { dealWords, ownWords, SEARCHED_OWN_TYPES, words } from '../../lib/search-words.ts';
import { crossCompany } from '../cross-company.ts';

/**
 * Own text values are searched (docs/decisions/084-own-text-values-searched.md). Deals gain
 * `own_words` (their own text values' folded words, tested by the deal search as the title
 * is); a constant default adds the column without rewriting the table on either engine.
 * Existing values are put into the search data here, once, a page of 500 records at a time
 * (only records holding a value of a text field in use are read or written):
 * - a customer's `search_text` gains the words of its values after its own words (as the
 *   write door makes it: customers/list/customer-search.ts), which updates its full-text
 *   entry (SQLite trigger, PostgreSQL generated `search_vector`) and its sort index entries;
 * - a deal's `own_words` is set.
 */

const PAGE = 500;

type Row = { record_id: number; type: string; text: string | null };

export async function up(migrating: Kysely<any>): Promise<void> {
  const db = crossCompany(migrating, 'migration 057 fills every company’s search words once');
  await db.schema
    .alterTable('deals')
    .addColumn('own_words', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await backfill(db, 'customer_field_values', async (id, values) => {
    const row = await db
      .selectFrom('customers')
      .select('search_text')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    const taken = new Set<string>(row.search_text.split(' ').filter(Boolean));
    const added = ownWords(values, words, taken);
    if (added.length === 0) return;
    const next = [row.search_text, ...added].filter(Boolean).join(' ');
    await db.updateTable('customers').set({ search_text: next }).where('id', '=', id).execute();
  });
  await backfill(db, 'deal_field_values', async (id, values) => {
    const next = ownWords(values, dealWords).join(' ');
    if (next) await db.updateTable('deals').set({ own_words: next }).where('id', '=', id).execute();
  });
}

/** Each record holding values of text fields in use, with those values in form order. */
async function backfill(
  db: Kysely<any>,
  table: 'customer_field_values' | 'deal_field_values',
  write: (id: number, values: { type: string; text: string }[]) => Promise<void>,
): Promise<void> {
  const searched = sql`from ${sql.table(table)} v join custom_fields f on f.id = v.field_id
    where f.type in (${sql.join(SEARCHED_OWN_TYPES)}) and not f.archived and f.deleted_at is null`;
  let after = 0;
  for (;;) {
    const { rows: ids } = await sql<{ record_id: number }>`select distinct v.record_id ${searched}
      and v.record_id > ${after} order by v.record_id limit ${PAGE}`.execute(db);
    if (ids.length === 0) return;
    const page = ids.map((r) => Number(r.record_id));
    const { rows } =
      await sql<Row>`select v.record_id, f.type, coalesce(v.v_long, v.v_text) as text ${searched}
      and v.record_id in (${sql.join(page)}) order by v.record_id, f.position, f.id, v.ord`.execute(db);
    const byRecord = new Map<number, { type: string; text: string }[]>();
    for (const r of rows) {
      if (!r.text) continue;
      const list = byRecord.get(Number(r.record_id)) ?? [];
      list.push({ type: r.type, text: r.text });
      byRecord.set(Number(r.record_id), list);
    }
    for (const [id, values] of byRecord) await write(id, values);
    after = page[page.length - 1] ?? after;
  }
}

/** Customers keep the added words until next written; deals lose the column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deals').dropColumn('own_words').execute();
}
