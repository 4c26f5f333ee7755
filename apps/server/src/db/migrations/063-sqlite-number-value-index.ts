import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * SQLite keeps no (field, number, record) index of own-field values
 * (docs/decisions/094-own-field-value-indexes-by-engine.md). Its planner reads a list filtered
 * by a value as a walk of the list's order with a probe per row (a correlated `exists`), which
 * the primary key (record, field, ord) answers as well; nothing else reads numbers by value.
 * The index cost every create with values a random leaf per number, checkbox or person, in the
 * statement and again at the commit. PostgreSQL keeps it: its planner starts a selective range
 * filter from it (bitmap scan), and its creates pay less for it (decision 089).
 * Dropping an index rewrites no row; the text index stays on both engines (option merges and
 * the words' walk after an archive read it, decisions 084 and 089).
 */
const TABLES = ['customer_field_values', 'deal_field_values'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of TABLES) await db.schema.dropIndex(`${table}_num_idx`).ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of TABLES)
    await db.schema
      .createIndex(`${table}_num_idx`)
      .ifNotExists()
      .on(table)
      .columns(['field_id', 'v_num', 'record_id'])
      .where(sql.ref('v_num'), 'is not', null)
      .execute();
}
