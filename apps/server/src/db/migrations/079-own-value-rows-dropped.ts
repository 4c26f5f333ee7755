import { type Kysely, sql } from 'kysely';
import { crossCompany } from '../cross-company.ts';
import * as m063 from './063-sqlite-number-value-index.ts';
import * as m074 from './074-own-values-without-foreign-keys.ts';
import { isPostgres } from './column-types.ts';

/**
 * The own-value rows go (docs/decisions/126-own-values-packed-on-the-row.md, step 3): every
 * value is on its record's row (`own_values`, migration 077) and indexed there (migration 078),
 * and nothing reads or writes the rows any more. With them go PostgreSQL's triggers that removed
 * them (migration 074) and SQLite's foreign keys. Down makes the rows again from the JSON, as
 * migrations 039, 063 and 074 left them.
 */
const KINDS = [
  ['customers', 'customer_field_values'],
  ['deals', 'deal_field_values'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger custom_fields_own_values_ad on custom_fields`.execute(db);
    await sql`drop function own_values_of_gone_fields()`.execute(db);
  }
  for (const [records, values] of KINDS) {
    if (isPostgres(db)) {
      await sql.raw(`DROP TRIGGER ${records}_own_values_ad ON ${records}`).execute(db);
      await sql.raw(`DROP FUNCTION ${values}_of_gone_records()`).execute(db);
    }
    await sql.raw(`DROP TABLE ${values}`).execute(db);
  }
}

export async function down(migrating: Kysely<any>): Promise<void> {
  const db = crossCompany(migrating, 'migration 079 unpacks every company’s own values once');
  const pg = isPostgres(db);
  for (const [records, values] of KINDS) {
    await db.schema
      .createTable(values)
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull().references(`${records}.id`).onDelete('cascade'))
      .addColumn('field_id', 'integer', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
      .addColumn('ord', 'integer', (c) => c.notNull())
      .addColumn('v_text', pg ? sql`varchar(500) collate "C"` : 'varchar(500)')
      .addColumn('v_num', pg ? 'double precision' : 'real')
      .addColumn('v_long', 'text')
      .addPrimaryKeyConstraint(`${values}_pk`, ['record_id', 'field_id', 'ord'])
      .execute();
    for (const [column, kind] of [
      ['v_text', 'text'],
      ['v_num', 'num'],
    ] as const)
      await db.schema
        .createIndex(`${values}_${kind}_idx`)
        .on(values)
        .columns(['field_id', column, 'record_id'])
        .where(sql.ref(column), 'is not', null)
        .execute();
    // Each element of each field's list, as the rows held it; keys of purged fields stay behind.
    const rows = pg
      ? `SELECT r.company_id, r.id, fld.key::int, (j.n - 1)::int,
           CASE jsonb_typeof(j.e) WHEN 'string' THEN j.e #>> '{}' WHEN 'object' THEN left(j.e ->> 'l', 200) END,
           CASE jsonb_typeof(j.e) WHEN 'number' THEN (j.e #>> '{}')::float8 END,
           j.e ->> 'l'
         FROM ${records} r CROSS JOIN LATERAL jsonb_each(r.own_values) fld(key, elements)
         CROSS JOIN LATERAL jsonb_array_elements(fld.elements) WITH ORDINALITY j(e, n)
         WHERE r.own_values IS NOT NULL AND fld.key::int IN (SELECT id FROM custom_fields)`
      : `SELECT r.company_id, r.id, fld.key, j.key,
           CASE j.type WHEN 'text' THEN j.atom WHEN 'object' THEN substr(json_extract(j.value, '$.l'), 1, 200) END,
           CASE WHEN j.type IN ('integer', 'real') THEN j.atom END,
           CASE j.type WHEN 'object' THEN json_extract(j.value, '$.l') END
         FROM ${records} r, json_each(r.own_values) fld, json_each(fld.value) j
         WHERE r.own_values IS NOT NULL AND fld.key IN (SELECT id FROM custom_fields)`;
    await sql
      .raw(`INSERT INTO ${values} (company_id, record_id, field_id, ord, v_text, v_num, v_long) ${rows}`)
      .execute(db);
  }
  await m063.up(db);
  await m074.up(db);
}
