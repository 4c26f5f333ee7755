import type { CustomRecord } from '@kontora/contract/custom-fields';
import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CustomerViewsTable } from '../../db/schema.ts';

/**
 * Saved views of a record list (customers, deals) and each person's columns; every query names
 * the company and the record kind, so a view of one list never opens on the other.
 */

const viewColumns = [
  'v.id',
  'v.user_id',
  'v.name',
  'v.shared',
  'v.filter',
  'v.sort',
  'v.dir',
  'v.columns',
  'v.updated_at',
  'u.full_name as owner_name',
] as const;

function selectViews(db: Database, companyId: number, record: CustomRecord) {
  return db
    .selectFrom('customer_views as v')
    .leftJoin('users as u', 'u.id', 'v.user_id')
    .select(viewColumns)
    .where('v.company_id', '=', companyId)
    .where('v.record', '=', record);
}

export type ViewRow = Awaited<ReturnType<typeof findVisibleView>> & object;

/** The person's own views and the company's shared ones, by name. */
export function listVisibleViews(
  db: Database,
  companyId: number,
  record: CustomRecord,
  userId: number,
  limit: number,
) {
  return selectViews(db, companyId, record)
    .where((eb) => eb.or([eb('v.user_id', '=', userId), eb('v.shared', '=', true)]))
    .orderBy('v.name')
    .orderBy('v.id')
    .limit(limit)
    .execute();
}

/** One view the person may see (theirs, or shared in the company); undefined otherwise. */
export function findVisibleView(
  db: Database,
  companyId: number,
  record: CustomRecord,
  userId: number,
  id: number,
) {
  return selectViews(db, companyId, record)
    .where('v.id', '=', id)
    .where((eb) => eb.or([eb('v.user_id', '=', userId), eb('v.shared', '=', true)]))
    .executeTakeFirst();
}

export function countOwnViews(db: Database, companyId: number, record: CustomRecord, userId: number) {
  return db
    .selectFrom('customer_views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('record', '=', record)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function insertView(db: Database, row: Insertable<CustomerViewsTable>): Promise<number> {
  const inserted = await db
    .insertInto('customer_views')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function updateView(
  db: Database,
  companyId: number,
  userId: number,
  id: number,
  patch: Updateable<CustomerViewsTable>,
) {
  return db
    .updateTable('customer_views')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteView(db: Database, companyId: number, userId: number, id: number) {
  return db
    .deleteFrom('customer_views')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Each list's column choices have a table of their own (migrations 016 and 059). */
const columnsTable = { customer: 'customer_list_columns', deal: 'deal_list_columns' } as const;

export async function findColumns(
  db: Database,
  companyId: number,
  record: CustomRecord,
  userId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom(columnsTable[record])
    .select('columns')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.columns ?? null;
}

export async function saveColumns(
  db: Database,
  companyId: number,
  record: CustomRecord,
  userId: number,
  columns: string,
) {
  const updated_at = new Date().toISOString();
  await db
    .insertInto(columnsTable[record])
    .values({ company_id: companyId, user_id: userId, columns, updated_at })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ columns, updated_at }))
    .execute();
}
