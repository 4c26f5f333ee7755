import type { CustomRecord } from '@kontora/contract/custom-fields';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { CustomFieldsTable } from '../../db/schema.ts';

/**
 * Own fields' definitions (`custom_fields`, migration 039). Their values are on the records' rows
 * (own-values.repository.ts).
 */ export type FieldRow = Omit<CustomFieldsTable, 'id' | 'required' | 'archived' | 'deleted_at'> & {
  id: number;
  required: boolean | number;
  archived: boolean | number;
  deleted_at: string | null;
};
export type NewFieldRow = Omit<FieldRow, 'id' | 'required' | 'archived' | 'deleted_at'> & {
  required: boolean;
  archived: boolean;
};

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
    .select(['id', 'company_id', 'record'])
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

/** Removes a deleted field for good (its values are taken off the rows first, removeFieldValues). */
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
