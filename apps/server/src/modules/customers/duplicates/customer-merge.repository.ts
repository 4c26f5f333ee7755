import { CUSTOMER_EDITABLE_FIELDS } from '@kontora/contract/customers';
import type { Insertable, Selectable } from 'kysely';
import { companyGuard } from '../../../db/company-guard.ts';
import type { Database } from '../../../db/database.ts';
import type { CustomerMergesTable, CustomersTable } from '../../../db/schema.ts';

/** A customer's stored row as a merge snapshot keeps it (PostgreSQL's generated search vector left out). */
export type StoredCustomer = Selectable<CustomersTable>;

/**
 * Every stored column: the editable ones from the shared contract list (so a field
 * added there is kept by a merge snapshot without touching this file), plus the
 * columns the server derives and the bookkeeping ones.
 */
const STORED = [
  'id',
  'company_id',
  ...CUSTOMER_EDITABLE_FIELDS,
  'sort_name',
  'search_text',
  'phone_key',
  'name_key',
  'town_key',
  'version',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
] as const;

export function findStoredCustomers(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<StoredCustomer[]> {
  return db
    .selectFrom('customers')
    .select(STORED)
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute() as Promise<StoredCustomer[]>;
}

/** Puts customers back with their ids (both databases accept an explicit id). */
export async function insertStoredCustomers(db: Database, rows: StoredCustomer[]): Promise<void> {
  if (rows.length) await db.insertInto('customers').values(rows).execute();
}

/** Ids of `table` rows that belong to the given customers, by customer. */
export async function idsByCustomer(
  db: Database,
  table: 'customer_activities' | 'events',
  companyId: number,
  customerIds: number[],
): Promise<Record<string, number[]>> {
  const rows = await db
    .selectFrom(table)
    .select(['id', 'customer_id'])
    .where(companyGuard('company_id'), '=', companyId)
    .where('customer_id', 'in', customerIds)
    .orderBy('id')
    .execute();
  const out: Record<string, number[]> = {};
  for (const r of rows) {
    const key = String(r.customer_id);
    out[key] = [...(out[key] ?? []), r.id];
  }
  return out;
}

/** Moves the rows (ids) that still belong to customer `from` to customer `to`. */
export async function moveRows(
  db: Database,
  table: 'customer_activities' | 'events',
  companyId: number,
  ids: number[],
  from: number[],
  to: number,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .updateTable(table)
      .set({ customer_id: to })
      .where(companyGuard('company_id'), '=', companyId)
      .where('customer_id', 'in', from)
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
  }
}

export async function tagsOf(db: Database, companyId: number, customerIds: number[]) {
  const rows = await db
    .selectFrom('customer_tags')
    .select(['customer_id', 'tag'])
    .where(companyGuard('company_id'), '=', companyId)
    .where('customer_id', 'in', customerIds)
    .execute();
  const out: Record<string, string[]> = {};
  for (const r of rows) {
    const key = String(r.customer_id);
    out[key] = [...(out[key] ?? []), r.tag];
  }
  return out;
}

export async function insertTags(db: Database, companyId: number, tags: Record<string, string[]>) {
  const rows = Object.entries(tags).flatMap(([id, list]) =>
    list.map((tag) => ({ company_id: companyId, customer_id: Number(id), tag })),
  );
  if (rows.length) await db.insertInto('customer_tags').values(rows).execute();
}

export async function insertMerge(db: Database, row: Insertable<CustomerMergesTable>): Promise<number> {
  const inserted = await db
    .insertInto('customer_merges')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function findMerge(db: Database, companyId: number, id: number) {
  return db
    .selectFrom('customer_merges')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the merge undone unless it already is; false when another undo came first. */
export async function markUndone(db: Database, companyId: number, id: number, by: number | null, at: string) {
  const result = await db
    .updateTable('customer_merges')
    .set({ undone_at: at, undone_by: by })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the merged customers; answers how many were still there (a concurrent merge may have taken one). */
export async function deleteMerged(db: Database, companyId: number, ids: number[]): Promise<number> {
  const result = await db
    .deleteFrom('customers')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
