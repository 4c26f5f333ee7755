import { type Kysely, sql } from 'kysely';
import { crossCompany } from '../cross-company.ts';
import { isPostgres } from './column-types.ts';

/**
 * Own values move onto the record's row (docs/decisions/126-own-values-packed-on-the-row.md),
 * step 1: `customers.own_values` and `deals.own_values` (text on SQLite, jsonb on PostgreSQL),
 * one object keyed by field id, each field the list of its values in `ord` order: a string
 * (`v_text`), a number (`v_num`) or `{"l": …}` (`v_long`). Filled here from the value rows, which
 * stay and are still read; every write keeps the two equal (custom-fields.repository.ts).
 */
const KINDS = [
  ['customers', 'customer_field_values'],
  ['deals', 'deal_field_values'],
] as const;

export const vacuumAfter = ['customers', 'deals'];

export async function up(migrating: Kysely<any>): Promise<void> {
  const db = crossCompany(migrating, 'migration 077 packs every company’s own values once');
  const pg = isPostgres(db);
  for (const [table, values] of KINDS) {
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN own_values ${pg ? 'jsonb' : 'text'}`).execute(db);
    const packed = pg
      ? `SELECT jsonb_object_agg(f.field_id::text, f.elements) FROM (
           SELECT v.field_id, jsonb_agg(CASE WHEN v.v_long IS NOT NULL THEN jsonb_build_object('l', v.v_long)
             WHEN v.v_num IS NOT NULL THEN to_jsonb(v.v_num) ELSE to_jsonb(v.v_text) END ORDER BY v.ord) AS elements
           FROM ${values} v WHERE v.record_id = ${table}.id GROUP BY v.field_id) f`
      : `SELECT json_group_object(f.field_id, json(f.elements)) FROM (
           SELECT v.field_id, json_group_array(CASE WHEN v.v_long IS NOT NULL THEN json_object('l', v.v_long)
             WHEN v.v_num IS NOT NULL THEN v.v_num ELSE v.v_text END ORDER BY v.ord) AS elements
           FROM ${values} v WHERE v.record_id = ${table}.id GROUP BY v.field_id) f`;
    await sql
      .raw(`UPDATE ${table} SET own_values = (${packed}) WHERE id IN (SELECT record_id FROM ${values})`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of KINDS) await sql.raw(`ALTER TABLE ${table} DROP COLUMN own_values`).execute(db);
}
