import { type Kysely, sql } from 'kysely';
import { isPostgres, types } from './column-types.ts';

/**
 * Fields of a company's own on customers and deals (docs/decisions/061-custom-field-values.md).
 *
 * - `custom_fields`: the definitions, per company and record kind (`customer`, `deal`);
 *   `key` is unique per company and record kind. Labels in other languages, select options
 *   and the default are JSON text.
 * - `customer_field_values`, `deal_field_values`: one row per value (a multiple select one
 *   row per chosen option, `ord` its place), typed: `v_text` (text, dates, selects, links)
 *   or `v_num` (numbers, amounts, percents, checkboxes, people); a long text keeps its
 *   whole value in `v_long` and its beginning in `v_text`. Adding a field adds a row to
 *   `custom_fields` only: no DDL, no rewrite of records.
 *   Indexes: (field, value, record) for filters and sorts on one field, each holding only
 *   the rows with a value of its kind; the primary key
 *   (record, field, ord) for reading a record's values and for the probe a list sorted by
 *   another column makes per row. Rows go with their record and their field (foreign keys).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const pg = isPostgres(db);
  await db.schema
    .createTable('custom_fields')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('record', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(40)', (c) => c.notNull())
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('help', 'varchar(500)')
    .addColumn('required', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('default_value', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('archived', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_fields_key_idx')
    .on('custom_fields')
    .columns(['company_id', 'record', 'key'])
    .unique()
    .execute();

  for (const [table, records] of [
    ['customer_field_values', 'customers'],
    ['deal_field_values', 'deals'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull().references(`${records}.id`).onDelete('cascade'))
      .addColumn('field_id', 'integer', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
      .addColumn('ord', 'integer', (c) => c.notNull())
      .addColumn('v_text', pg ? sql`varchar(500) collate "C"` : 'varchar(500)')
      .addColumn('v_num', pg ? 'double precision' : 'real')
      .addColumn('v_long', 'text')
      .addPrimaryKeyConstraint(`${table}_pk`, ['record_id', 'field_id', 'ord'])
      .execute();
    // Partial: a value is text or a number, so each row enters one of them (a cheaper write).
    await db.schema
      .createIndex(`${table}_text_idx`)
      .on(table)
      .columns(['field_id', 'v_text', 'record_id'])
      .where(sql.ref('v_text'), 'is not', null)
      .execute();
    await db.schema
      .createIndex(`${table}_num_idx`)
      .on(table)
      .columns(['field_id', 'v_num', 'record_id'])
      .where(sql.ref('v_num'), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['deal_field_values', 'customer_field_values', 'custom_fields']) {
    await db.schema.dropTable(table).execute();
  }
}
