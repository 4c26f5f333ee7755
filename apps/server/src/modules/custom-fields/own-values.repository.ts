import type { CustomFieldType, CustomRecord } from '@kontora/contract/custom-fields';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { inList } from '../../db/in-list.ts';
import { pgArray } from '../../db/pg-array.ts';
import type { StoredValue } from './custom-values.ts';
import {
  type FieldValueRow,
  type PackedValues,
  parsePacked,
  readPacked,
  unpackValues,
  valuesPatch,
} from './own-values-json.ts';

/**
 * A record's own values on its row (`own_values`, migration 077,
 * docs/decisions/126-own-values-packed-on-the-row.md): every read that starts from the record
 * (its page, a list's values, a filter's probe of each walked row, a sort, the search words)
 * reads them there. The reads that start from a value use their index (value-first.repository.ts).
 */

/** The table of each record kind, whose rows carry `own_values`. */
export const RECORDS = { customer: 'customers', deal: 'deals' } as const;

export type ValueRow = StoredValue & { record_id: number; field_id: number };

/** The stored values of these records (of the given fields, or all), in (record, field, ord) order. */
export async function selectValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
  fieldIds?: number[],
): Promise<ValueRow[]> {
  if (recordIds.length === 0 || fieldIds?.length === 0) return [];
  const only = fieldIds ? new Set(fieldIds) : undefined;
  const out: ValueRow[] = [];
  for (const { id, own_values } of await packedOf(db, companyId, record, recordIds))
    for (const row of unpackValues(own_values))
      if (!only || only.has(row.field_id)) out.push({ ...row, record_id: id });
  return out;
}

/** A record's `own_values` as read (the column's type says only text or an object). */
type PackedOfRecord = { id: number; own_values: PackedValues | string | null };

/** The records' `own_values` as stored, in id order. */
async function packedOf(db: Database, companyId: number, record: CustomRecord, recordIds: number[]) {
  const rows: PackedOfRecord[] = [];
  for (let i = 0; i < recordIds.length; i += 1000)
    rows.push(
      ...((await db
        .selectFrom(RECORDS[record])
        .select(['id', 'own_values'])
        .where('company_id', '=', companyId)
        .where('id', 'in', inList(recordIds.slice(i, i + 1000)))
        .execute()) as PackedOfRecord[]),
    );
  return rows.sort((a, b) => a.id - b.id);
}

/** The kind's fields in use (not archived, not deleted), by id. */
async function fieldsInUse(db: Database, companyId: number, record: CustomRecord) {
  const rows = await db
    .selectFrom('custom_fields')
    .select(['id', 'key', 'type', 'position'])
    .where('company_id', '=', companyId)
    .where('record', '=', record)
    .where(sql<boolean>`not archived`)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((f) => [f.id, f]));
}

/**
 * The records' values of fields in use (not archived, not deleted) as they answer them
 * (`custom`: key → value), in two statements: the fields, then the rows' JSON.
 */
export async function valuesInUse(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  if (recordIds.length === 0) return out;
  const fields = await fieldsInUse(db, companyId, record);
  for (const { id, own_values } of await packedOf(db, companyId, record, recordIds)) {
    const values: Record<string, unknown> = {};
    for (const [fieldId, elements] of Object.entries(parsePacked(own_values))) {
      const field = fields.get(Number(fieldId));
      if (field) values[field.key] = readPacked(field.type as CustomFieldType, elements);
    }
    out.set(id, values);
  }
  return out;
}

/**
 * The text values of fields in use of the given types on these records, as the search words are
 * made from them: a long text whole, by record, then fields in form order
 * (docs/decisions/084-own-text-values-searched.md).
 */
export async function selectSearchedValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
  types: readonly string[],
): Promise<{ record_id: number; type: string; text: string | null }[]> {
  if (recordIds.length === 0) return [];
  const fields = await fieldsInUse(db, companyId, record);
  const rows = (await selectValues(db, companyId, record, recordIds)).flatMap((row) => {
    const field = fields.get(row.field_id);
    return field && types.includes(field.type) ? [{ row, field }] : [];
  });
  rows.sort(
    (a, b) =>
      a.row.record_id - b.row.record_id ||
      a.field.position - b.field.position ||
      a.field.id - b.field.id ||
      a.row.ord - b.row.ord,
  );
  return rows.map(({ row, field }) => ({
    record_id: row.record_id,
    type: field.type,
    text: row.v_long ?? row.v_text,
  }));
}

/**
 * One packed element `j` as the value rows' columns: a string is `v_text`, a number `v_num`, a
 * long text `{"l": …}` its whole in `v_long` and its first 200 characters in `v_text`, as the
 * value rows keep it. SQLite's `j` is a `json_each` row, PostgreSQL's `j.e` a jsonb element.
 */
function elementColumns(db: Database): {
  v_text: RawBuilder<unknown>;
  v_num: RawBuilder<unknown>;
  v_long: RawBuilder<unknown>;
} {
  if (dialectOf(db) === 'postgres')
    return {
      v_text: sql`case jsonb_typeof(j.e) when 'string' then j.e #>> '{}' when 'object' then left(j.e ->> 'l', 200) end`,
      v_num: sql`case jsonb_typeof(j.e) when 'number' then (j.e #>> '{}')::float8 end`,
      v_long: sql`j.e ->> 'l'`,
    };
  return {
    v_text: sql`case j.type when 'text' then j.atom when 'object' then substr(json_extract(j.value, '$.l'), 1, 200) end`,
    v_num: sql`case when j.type in ('integer', 'real') then j.atom end`,
    v_long: sql`case j.type when 'object' then json_extract(j.value, '$.l') end`,
  };
}

/**
 * The field's values on the record at `alias` as rows `v (ord, v_text, v_num, v_long)`, read
 * from its `own_values`: what a filter's probe and a sort compare. PostgreSQL compares text as
 * the rows' `collate "C"` column did.
 */
function valuesOnRow(db: Database, fieldId: number, alias: string): RawBuilder<unknown> {
  const own = sql.ref(`${alias}.own_values`);
  const { v_text, v_num, v_long } = elementColumns(db);
  if (dialectOf(db) === 'postgres')
    return sql`(select (j.n - 1)::int as ord, (${v_text}) collate "C" as v_text, ${v_num} as v_num, ${v_long} as v_long
      from jsonb_array_elements(${own} -> ${String(fieldId)}::text) with ordinality as j(e, n)) v`;
  return sql`(select j.key as ord, ${v_text} as v_text, ${v_num} as v_num, ${v_long} as v_long
    from json_each(${own}, ${`$."${fieldId}"`}) j) v`;
}

/**
 * `exists (a value of the field on the record at `alias` meeting `condition` on `v`)`; null: any
 * value, read from the values on the row: a page only ever walks the list's order and probes
 * each row (a rare value starts from the value index apart, rareValuesStart).
 */
export function valueExists(
  db: Database,
  fieldId: number,
  alias: string,
  condition: RawBuilder<boolean> | null,
): RawBuilder<boolean> {
  const where = condition ? sql`and ${condition}` : sql``;
  return sql<boolean>`exists (select 1 from ${valuesOnRow(db, fieldId, alias)} where true ${where})`;
}

/** The record's first value of the field (null: none), for sorting by it. */
export function firstValue(
  db: Database,
  fieldId: number,
  alias: string,
  column: 'v_text' | 'v_num' | 'v_long',
): RawBuilder<string | number | null> {
  return sql`(select ${sql.ref(`v.${column}`)} from ${valuesOnRow(db, fieldId, alias)} where v.ord = 0)`;
}

/**
 * The record at `alias`'s values of fields in use as one column of the statement that reads
 * the record: a JSON array of `[key, type, v_text, v_num, v_long]` in (field, ord) order, null
 * for none (customValuesFromColumn reads it).
 */
export function valuesAggregate(db: Database, alias: string): RawBuilder<unknown> {
  const own = sql.ref(`${alias}.own_values`);
  const { v_text, v_num, v_long } = elementColumns(db);
  const inUse = sql`f.company_id = ${sql.ref(`${alias}.company_id`)} and not f.archived and f.deleted_at is null`;
  if (dialectOf(db) === 'postgres')
    return sql`(select json_agg(json_build_array(f.key, f.type, ${v_text}, ${v_num}, ${v_long}) order by f.id, j.n)
      from jsonb_each(${own}) as fld(id, elements)
      join custom_fields f on f.id = fld.id::int
      cross join lateral jsonb_array_elements(fld.elements) with ordinality as j(e, n)
      where ${inUse})`;
  return sql`(select json_group_array(json_array(f.key, f.type, ${v_text}, ${v_num}, ${v_long}) order by f.id, j.key)
    from json_each(${own}) fld
    join custom_fields f on f.id = fld.key
    cross join json_each(fld.value) j
    where ${inUse})`;
}

/** A record's own values to change on its row: fields removed, fields set. */
interface OwnValuesPatch {
  id: number;
  removed: string[];
  set: PackedValues;
}

/**
 * Each record's patch for rows written: its rows' fields set, the `cleared` (record, field) pairs
 * it has no row of removed.
 */
export function patchesByRecord(
  rows: readonly (FieldValueRow & { record_id: number })[],
  cleared: readonly { id: number; fieldId: number }[],
): OwnValuesPatch[] {
  const byRecord = new Map<number, { fieldIds: number[]; rows: FieldValueRow[] }>();
  const of = (id: number) => {
    const entry = byRecord.get(id) ?? { fieldIds: [], rows: [] };
    byRecord.set(id, entry);
    return entry;
  };
  for (const { id, fieldId } of cleared) of(id).fieldIds.push(fieldId);
  for (const row of rows) of(row.record_id).rows.push(row);
  return [...byRecord].map(([id, entry]) => ({ id, ...valuesPatch(entry.fieldIds, entry.rows) }));
}

/** One record's patch: the `cleared` fields' values replaced by `rows`. */
export const recordPatch = (id: number, cleared: readonly number[], rows: readonly FieldValueRow[]) => ({
  id,
  ...valuesPatch(cleared, rows),
});

/**
 * Changes records' `own_values` by merge patches (a removed field as null, a set field as its
 * list of values), up to 500 records a statement. A record left without values holds null.
 */
export async function patchOwnValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  patches: readonly OwnValuesPatch[],
): Promise<void> {
  const table = sql.table(RECORDS[record]);
  const changing = patches.filter((p) => p.removed.length || Object.keys(p.set).length);
  for (let i = 0; i < changing.length; i += 500) {
    const chunk = changing.slice(i, i + 500);
    const texts = chunk.map((p) =>
      JSON.stringify({ ...Object.fromEntries(p.removed.map((key) => [key, null])), ...p.set }),
    );
    if (dialectOf(db) === 'postgres') {
      await sql`update ${table} r set own_values = nullif(
          (coalesce(r.own_values, '{}'::jsonb) - array(select e.key from jsonb_each(v.patch) e where e.value = 'null'::jsonb))
          || jsonb_strip_nulls(v.patch), '{}'::jsonb)
        from unnest(${pgArray(chunk.map((p) => p.id))}::int4[], ${pgArray(texts)}::jsonb[]) as v(id, patch)
        where r.company_id = ${companyId} and r.id = v.id`.execute(db);
    } else {
      const tuples = sql.join(chunk.map((p, k) => sql`(${p.id}, ${texts[k]})`));
      await sql`with v(id, patch) as (values ${tuples})
        update ${table} set own_values = nullif(json_patch(coalesce(own_values, '{}'), v.patch), '{}')
        from v where ${table}.company_id = ${companyId} and ${table}.id = v.id`.execute(db);
    }
  }
}

/** Replaces a record's values of the given fields (`cleared`) by `rows`, on its row. */
export function replaceValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordId: number,
  cleared: readonly number[],
  rows: readonly FieldValueRow[],
): Promise<void> {
  return patchOwnValues(db, companyId, record, [recordPatch(recordId, cleared, rows)]);
}

/**
 * Values of many records at once (an undone merge's records, an option merge), on their rows.
 * `cleared`: (record, field) pairs whose values go where no row gives the field a value again.
 */
export function replaceValuesOfMany(
  db: Database,
  companyId: number,
  record: CustomRecord,
  rows: readonly (FieldValueRow & { record_id: number })[],
  { cleared = [] }: { cleared?: readonly { id: number; fieldId: number }[] } = {},
): Promise<void> {
  return patchOwnValues(db, companyId, record, patchesByRecord(rows, cleared));
}
