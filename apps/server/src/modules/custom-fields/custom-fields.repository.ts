import type { CustomRecord } from '@kontora/contract/custom-fields';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import { insertRows, rowsInsert } from '../../db/rows-insert.ts';
import type { CustomFieldsTable } from '../../db/schema.ts';
import type { StoredValue } from './custom-values.ts';
import { patchesByRecord, patchOwnValues, recordPatch } from './own-values.repository.ts';

/**
 * Definitions (`custom_fields`) and the value rows (`customer_field_values`, `deal_field_values`,
 * migration 039). Every write of value rows also writes the record's `own_values`
 * (own-values.repository.ts), from which every read takes them; the rows are written, unread,
 * until decision 126's step 3 drops them.
 */
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

/**
 * Replaces a record's values of the given fields by `rows` (one statement each way). `onRow`: the
 * record's row already holds them in `own_values` (a new record, inserted with them).
 */
export async function replaceValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordId: number,
  fieldIds: number[],
  rows: (StoredValue & { field_id: number })[],
  { onRow = false } = {},
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
  if (!onRow) await patchOwnValues(db, companyId, record, [recordPatch(recordId, fieldIds, rows)]);
}

/**
 * Values inserted for many records at once (an import batch, an undone merge's records, an option
 * merge). `onRow`: the records' rows already hold them in `own_values` (new records, inserted with
 * them). `cleared`: (record, field) pairs whose rows were deleted first, removed from the rows'
 * `own_values` where no inserted row gives the field a value again.
 */
export async function insertValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  rows: (StoredValue & { field_id: number; record_id: number })[],
  { onRow = false, cleared = [] }: { onRow?: boolean; cleared?: { id: number; fieldId: number }[] } = {},
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await insertRows(
      db,
      valuesOf(record),
      rows.slice(i, i + 500).map((r) => ({ ...r, company_id: companyId })),
    );
  }
  if (!onRow) await patchOwnValues(db, companyId, record, patchesByRecord(rows, cleared));
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
  await insertValues(
    db,
    companyId,
    record,
    rows.map((r) => ({ ...r, field_id: fieldId })),
    { cleared: recordIds.map((id) => ({ id, fieldId })) },
  );
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
