import type { CustomRecord } from '@kontora/contract/custom-fields';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CustomFieldsTable } from '../../db/schema.ts';
import type { StoredValue } from './custom-values.ts';

/** Definitions (`custom_fields`) and values (`customer_field_values`, `deal_field_values`, migration 039). */

export type FieldRow = Omit<CustomFieldsTable, 'id' | 'required' | 'archived'> & {
  id: number;
  required: boolean | number;
  archived: boolean | number;
};
export type NewFieldRow = Omit<FieldRow, 'id' | 'required' | 'archived'> & {
  required: boolean;
  archived: boolean;
};

const VALUES = { customer: 'customer_field_values', deal: 'deal_field_values' } as const;
/** Both value tables have the same columns; queries name one of them. */
type ValuesTable = 'customer_field_values';
const valuesOf = (record: CustomRecord) => VALUES[record] as ValuesTable;

export function selectFields(db: Database, companyId: number, record: CustomRecord): Promise<FieldRow[]> {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('record', '=', record)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findField(db: Database, companyId: number, id: number): Promise<FieldRow | undefined> {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
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

export async function deleteField(db: Database, companyId: number, id: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('custom_fields')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Whether the company has a field with this key on the record kind (archived ones too). */
export async function keyTaken(db: Database, companyId: number, record: CustomRecord, key: string) {
  const row = await db
    .selectFrom('custom_fields')
    .select('id')
    .where('company_id', '=', companyId)
    .where('record', '=', record)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
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
  if (rows.length)
    await db
      .insertInto(table)
      .values(rows.map((r) => ({ ...r, company_id: companyId, record_id: recordId })))
      .execute();
}

/** Values inserted for many new records at once (an import batch). */
export async function insertValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  rows: (StoredValue & { field_id: number; record_id: number })[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(valuesOf(record))
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, company_id: companyId })))
      .execute();
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
