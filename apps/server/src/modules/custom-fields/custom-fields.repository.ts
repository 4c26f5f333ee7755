import type { CustomRecord } from '@kontora/contract/custom-fields';
import { type RawBuilder, sql } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { inList } from '../../db/in-list.ts';
import { pgArray } from '../../db/pg-array.ts';
import { insertRows, rowsInsert } from '../../db/rows-insert.ts';
import type { CustomFieldsTable } from '../../db/schema.ts';
import type { StoredValue } from './custom-values.ts';
import { type PackedValues, valuesPatch } from './own-values-json.ts';

/** Definitions (`custom_fields`) and values (`customer_field_values`, `deal_field_values`, migration 039). */

export type FieldRow = Omit<CustomFieldsTable, 'id' | 'required' | 'archived' | 'deleted_at'> & {
  id: number;
  required: boolean | number;
  archived: boolean | number;
  deleted_at: string | null;
};
export type NewFieldRow = Omit<FieldRow, 'id' | 'required' | 'archived' | 'deleted_at'> & {
  required: boolean;
  archived: boolean;
};

const VALUES = { customer: 'customer_field_values', deal: 'deal_field_values' } as const;
/** Both value tables have the same columns; queries name one of them. */
type ValuesTable = 'customer_field_values';
const valuesOf = (record: CustomRecord) => VALUES[record] as ValuesTable;

/** The record kind's fields in use and archived, in order (deleted ones are not there for anyone). */
export function selectFields(db: Database, companyId: number, record: CustomRecord): Promise<FieldRow[]> {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('record', '=', record)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A field not deleted. */
export function findField(db: Database, companyId: number, id: number): Promise<FieldRow | undefined> {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Fields of the record kind deleted after `since` (still restorable), last deleted first. */
export function selectDeletedFields(
  db: Database,
  companyId: number,
  record: CustomRecord,
  since: string,
): Promise<FieldRow[]> {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('record', '=', record)
    .where('deleted_at', '>', since)
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A field deleted after `since`. */
export function findDeletedField(
  db: Database,
  companyId: number,
  id: number,
  since: string,
): Promise<FieldRow | undefined> {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', '>', since)
    .executeTakeFirst();
}

/** Marks a field deleted (`deletedAt`) or back (null); answers whether it was in the state to change. */
export async function setFieldDeleted(
  db: Database,
  companyId: number,
  id: number,
  deletedAt: string | null,
  now: string,
): Promise<boolean> {
  const done = await db
    .updateTable('custom_fields')
    .set({ deleted_at: deletedAt, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', deletedAt ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Fields deleted before `before`, every company's: the purge's work list. */
export function selectFieldsDeletedBefore(db: Database, before: string) {
  return crossCompany(db, 'the daily purge removes fields deleted over 30 days ago in every company')
    .selectFrom('custom_fields')
    .select(['id', 'company_id'])
    .where('deleted_at', '<=', before)
    .orderBy('id')
    .execute();
}

export async function insertField(db: Database, row: NewFieldRow): Promise<number> {
  const { id } = await db.insertInto('custom_fields').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateField(
  db: Database,
  companyId: number,
  id: number,
  patch: Partial<NewFieldRow>,
): Promise<void> {
  await db
    .updateTable('custom_fields')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Removes a deleted field for good; its value rows go with it (SQLite's foreign keys, PostgreSQL's trigger: migration 074). */
export async function purgeField(db: Database, companyId: number, id: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('custom_fields')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/**
 * Who holds this key on the record kind: `field` (in use or archived), `deleted` (a deleted
 * field waiting for its purge keeps its key, so a restore never meets a twin) or nobody.
 */
export async function keyHolder(
  db: Database,
  companyId: number,
  record: CustomRecord,
  key: string,
): Promise<'field' | 'deleted' | null> {
  const row = await db
    .selectFrom('custom_fields')
    .select('deleted_at')
    .where('company_id', '=', companyId)
    .where('record', '=', record)
    .where('key', '=', key)
    .executeTakeFirst();
  return row === undefined ? null : row.deleted_at === null ? 'field' : 'deleted';
}

export type ValueRow = StoredValue & { record_id: number; field_id: number };

/** The stored values of these records (of the given fields, or all), in `ord` order. */
export async function selectValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
  fieldIds?: number[],
): Promise<ValueRow[]> {
  if (recordIds.length === 0 || fieldIds?.length === 0) return [];
  let query = db
    .selectFrom(valuesOf(record))
    .select(['record_id', 'field_id', 'ord', 'v_text', 'v_num', 'v_long'])
    .where('company_id', '=', companyId)
    .where('record_id', 'in', recordIds);
  if (fieldIds) query = query.where('field_id', 'in', fieldIds);
  const rows = await query.orderBy('record_id').orderBy('field_id').orderBy('ord').execute();
  return rows.map((r) => ({ ...r, v_num: r.v_num === null ? null : Number(r.v_num) }));
}

/** The value rows `v` of these records whose fields `f` are in use (not archived, not deleted). */
function valuesOfFieldsInUse(db: Database, companyId: number, record: CustomRecord, recordIds: number[]) {
  return db
    .selectFrom(`${valuesOf(record)} as v`)
    .innerJoin('custom_fields as f', 'f.id', 'v.field_id')
    .where('v.company_id', '=', companyId)
    .where('v.record_id', 'in', inList(recordIds))
    .where('f.company_id', '=', companyId)
    .where(sql<boolean>`not f.archived`)
    .where('f.deleted_at', 'is', null);
}

/**
 * The records' values of fields in use (not archived, not deleted), each with its field's key
 * and type, in (record, field, ord) order: a list page's values in one statement, without
 * reading the definitions apart.
 */
export async function selectValuesInUse(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
): Promise<(ValueRow & { key: string; type: string })[]> {
  if (recordIds.length === 0) return [];
  const rows = await valuesOfFieldsInUse(db, companyId, record, recordIds)
    .select(['v.record_id', 'v.field_id', 'v.ord', 'v.v_text', 'v.v_num', 'v.v_long', 'f.key', 'f.type'])
    .orderBy('v.record_id')
    .orderBy('v.field_id')
    .orderBy('v.ord')
    .execute();
  return rows.map((r) => ({ ...r, v_num: r.v_num === null ? null : Number(r.v_num) }));
}

/** Replaces a record's values of the given fields by `rows` (one statement each way). */
export async function replaceValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordId: number,
  fieldIds: number[],
  rows: (StoredValue & { field_id: number })[],
): Promise<void> {
  const table = valuesOf(record);
  if (fieldIds.length)
    await db
      .deleteFrom(table)
      .where('company_id', '=', companyId)
      .where('record_id', '=', recordId)
      .where('field_id', 'in', fieldIds)
      .execute();
  // One statement whose text is kept per row count (rows-insert.ts): Kysely's builder compiled
  // a tree of every value each time: over a quarter of what 20 values added to a create.
  if (rows.length)
    await db.executeQuery(
      rowsInsert(
        db,
        table,
        rows.map((r) => ({ ...r, company_id: companyId, record_id: recordId })),
      ),
    );
  await patchOwnValues(db, companyId, record, [{ id: recordId, ...valuesPatch(fieldIds, rows) }]);
}

/** Values inserted for many new records at once (an import batch). */
export async function insertValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  rows: (StoredValue & { field_id: number; record_id: number })[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await insertRows(
      db,
      valuesOf(record),
      rows.slice(i, i + 500).map((r) => ({ ...r, company_id: companyId })),
    );
  }
  await patchOwnValues(db, companyId, record, patchesByRecord(rows, []));
}

/** Each record's patch: its rows' fields set, the `cleared` fields it has no row of removed. */
function patchesByRecord(
  rows: readonly (StoredValue & { field_id: number; record_id: number })[],
  cleared: readonly { id: number; fieldId: number }[],
): OwnValuesPatch[] {
  const byRecord = new Map<number, { fieldIds: number[]; rows: (StoredValue & { field_id: number })[] }>();
  const of = (id: number) => {
    const entry = byRecord.get(id) ?? { fieldIds: [], rows: [] };
    byRecord.set(id, entry);
    return entry;
  };
  for (const { id, fieldId } of cleared) of(id).fieldIds.push(fieldId);
  for (const row of rows) of(row.record_id).rows.push(row);
  return [...byRecord].map(([id, entry]) => ({ id, ...valuesPatch(entry.fieldIds, entry.rows) }));
}

/** A record's own values to change on its row: fields removed, fields set (decision 126). */
interface OwnValuesPatch {
  id: number;
  removed: string[];
  set: PackedValues;
}

const RECORDS = { customer: 'customers', deal: 'deals' } as const;

/**
 * Keeps each record's `own_values` equal to its value rows (decision 126, step 1): a merge patch
 * a statement for up to 500 records. A record left without values holds null.
 */
async function patchOwnValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  patches: readonly OwnValuesPatch[],
): Promise<void> {
  const table = sql.table(RECORDS[record]);
  const changing = patches.filter((p) => p.removed.length || Object.keys(p.set).length);
  for (let i = 0; i < changing.length; i += 500) {
    const chunk = changing.slice(i, i + 500);
    // One merge patch a record: a removed field as null, a set field as its list of values.
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

/**
 * `exists (a value row of the field on the record at `alias`.id, matching `condition`)`:
 * served by the primary key (record, field) per row, or by the (field, value, record)
 * index when the planner starts from the values.
 */
export function valueExists(
  record: CustomRecord,
  companyId: number,
  fieldId: number,
  alias: string,
  condition: RawBuilder<boolean> | null,
): RawBuilder<boolean> {
  const where = condition ? sql`and ${condition}` : sql``;
  return sql<boolean>`exists (select 1 from ${sql.table(VALUES[record])} v where v.company_id = ${companyId} and v.record_id = ${sql.ref(`${alias}.id`)} and v.field_id = ${fieldId} ${where})`;
}

/**
 * How many value rows of the company's field meet `condition` (on `v`), counted up to `cap`:
 * a range of the text value index and the rows it points to.
 */
export async function countHolders(
  db: Database,
  record: CustomRecord,
  companyId: number,
  fieldId: number,
  condition: RawBuilder<boolean>,
  cap: number,
): Promise<number> {
  const row = await sql<{
    n: number | string;
  }>`select count(*) as n from (select 1 from ${sql.table(VALUES[record])} v where v.field_id = ${fieldId} and ${condition} and v.company_id = ${companyId} limit ${cap}) held`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}

/** The record at `alias` is among those holding a value of the field that meets `condition` (on `v`). */
export function heldBy(
  record: CustomRecord,
  companyId: number,
  fieldId: number,
  alias: string,
  condition: RawBuilder<boolean>,
): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.id`)} in (select v.record_id from ${sql.table(VALUES[record])} v where v.field_id = ${fieldId} and ${condition} and v.company_id = ${companyId})`;
}

/** The record's first value of the field (null: none), for sorting by it. */
export function firstValue(
  record: CustomRecord,
  companyId: number,
  fieldId: number,
  alias: string,
  column: 'v_text' | 'v_num' | 'v_long',
): RawBuilder<string | number | null> {
  return sql`(select ${sql.ref(`v.${column}`)} from ${sql.table(VALUES[record])} v where v.company_id = ${companyId} and v.record_id = ${sql.ref(`${alias}.id`)} and v.field_id = ${fieldId} and v.ord = 0)`;
}

/**
 * The record at `alias`'s values of fields in use as one column of the statement that reads
 * the record: a JSON array of `[key, type, v_text, v_num, v_long]` in (field, ord) order, null
 * for none (read by the primary key's range of the record).
 */
export function valuesAggregate(db: Database, record: CustomRecord, alias: string): RawBuilder<unknown> {
  const values = sql.table(VALUES[record]);
  const item = sql`f.key, f.type, v.v_text, v.v_num, v.v_long`;
  const from = sql`from ${values} v join custom_fields f on f.id = v.field_id where v.company_id = ${sql.ref(`${alias}.company_id`)} and v.record_id = ${sql.ref(`${alias}.id`)} and not f.archived and f.deleted_at is null`;
  return dialectOf(db) === 'postgres'
    ? sql`(select json_agg(json_build_array(${item}) order by v.field_id, v.ord) ${from})`
    : sql`(select json_group_array(json_array(${item}) order by v.field_id, v.ord) ${from})`;
}

/**
 * The field's value rows of every record holding `value` (an option merge's records), in
 * record and `ord` order, in one statement. A single select holds one row per record, so its
 * rows are the holders' own rows: one pass over the value index and the rows it points to.
 * A multiple select's other options are read beside them through the primary key. (Reading
 * the holders' ids first and their rows in a second statement per thousand visited the same
 * rows twice, decision 089.)
 */
export async function valuesOfRecordsHolding(
  db: Database,
  companyId: number,
  record: CustomRecord,
  fieldId: number,
  value: string,
  multiple: boolean,
): Promise<ValueRow[]> {
  const table = valuesOf(record);
  let query = db
    .selectFrom(table)
    .select(['record_id', 'field_id', 'ord', 'v_text', 'v_num', 'v_long'])
    .where('company_id', '=', companyId)
    .where('field_id', '=', fieldId);
  query = multiple
    ? query.where('record_id', 'in', (eb) =>
        eb
          .selectFrom(`${table} as h`)
          .select('h.record_id')
          .where('h.company_id', '=', companyId)
          .where('h.field_id', '=', fieldId)
          .where('h.v_text', '=', value),
      )
    : query.where('v_text', '=', value);
  const rows = await query.orderBy('record_id').orderBy('ord').execute();
  return rows.map((r) => ({ ...r, v_num: r.v_num === null ? null : Number(r.v_num) }));
}

/** Replaces one field's values on many records by `rows` (two statements a thousand records). */
export async function replaceFieldValuesOfMany(
  db: Database,
  companyId: number,
  record: CustomRecord,
  fieldId: number,
  recordIds: number[],
  rows: (StoredValue & { record_id: number })[],
): Promise<void> {
  const table = valuesOf(record);
  for (let i = 0; i < recordIds.length; i += 1000)
    await db
      .deleteFrom(table)
      .where('company_id', '=', companyId)
      .where('field_id', '=', fieldId)
      .where('record_id', 'in', recordIds.slice(i, i + 1000))
      .execute();
  const rowsOfField = rows.map((r) => ({ ...r, field_id: fieldId }));
  for (let i = 0; i < rowsOfField.length; i += 500)
    await insertRows(
      db,
      table,
      rowsOfField.slice(i, i + 500).map((r) => ({ ...r, company_id: companyId })),
    );
  const cleared = recordIds.map((id) => ({ id, fieldId }));
  await patchOwnValues(db, companyId, record, patchesByRecord(rowsOfField, cleared));
}

/** Ids of the kind's records holding a value of any of the fields, after `after`, in id order. */
export async function recordIdsWithValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  fieldIds: readonly number[],
  after: number,
  limit: number,
): Promise<number[]> {
  if (fieldIds.length === 0) return [];
  const rows = await db
    .selectFrom(valuesOf(record))
    .select('record_id')
    .distinct()
    .where('company_id', '=', companyId)
    .where('field_id', 'in', [...fieldIds])
    .where('record_id', '>', after)
    .orderBy('record_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.record_id);
}

/**
 * The text values of fields in use (not archived, not deleted) of the given types on these
 * records, as the search words are made from them: a long text whole, by record, then fields
 * in form order (docs/decisions/084-own-text-values-searched.md).
 */
export function selectSearchedValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
  types: readonly string[],
): Promise<{ record_id: number; type: string; text: string | null }[]> {
  if (recordIds.length === 0) return Promise.resolve([]);
  return valuesOfFieldsInUse(db, companyId, record, recordIds)
    .select(['v.record_id', 'f.type', sql<string | null>`coalesce(v.v_long, v.v_text)`.as('text')])
    .where('f.type', 'in', types)
    .orderBy('v.record_id')
    .orderBy('f.position')
    .orderBy('f.id')
    .orderBy('v.ord')
    .execute();
}

/** A field in any state (archived, deleted, in use); undefined once purged. */
export function findFieldEvenDeleted(
  db: Database,
  companyId: number,
  id: number,
): Promise<Pick<FieldRow, 'record' | 'type'> | undefined> {
  return db
    .selectFrom('custom_fields')
    .select(['record', 'type'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The next records holding a text value of the field after `after`, in the order of the
 * (field, v_text, record) index, so each page is one range of it.
 */
export async function recordsWithText(
  db: Database,
  companyId: number,
  record: CustomRecord,
  fieldId: number,
  after: { text: string; id: number } | null,
  limit: number,
): Promise<{ text: string; id: number }[]> {
  let query = db
    .selectFrom(valuesOf(record))
    .select(['v_text', 'record_id'])
    .where('field_id', '=', fieldId)
    .where('v_text', 'is not', null)
    .where('company_id', '=', companyId);
  if (after) query = query.where(sql<boolean>`(v_text, record_id) > (${after.text}, ${after.id})`);
  const rows = await query.orderBy('v_text').orderBy('record_id').limit(limit).execute();
  return rows.map((r) => ({ text: r.v_text ?? '', id: r.record_id }));
}
