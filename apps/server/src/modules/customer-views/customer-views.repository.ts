import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CustomerViewsTable } from '../../db/schema.ts';

/** Saved views of the customer list and each person's columns; every query names the company. */

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

function selectViews(db: Database, companyId: number) {
  return db
    .selectFrom('customer_views as v')
    .leftJoin('users as u', 'u.id', 'v.user_id')
    .select(viewColumns)
    .where('v.company_id', '=', companyId);
}

export type ViewRow = Awaited<ReturnType<typeof findVisibleView>> & object;

/** The person's own views and the company's shared ones, by name. */
export function listVisibleViews(db: Database, companyId: number, userId: number, limit: number) {
  return selectViews(db, companyId)
    .where((eb) => eb.or([eb('v.user_id', '=', userId), eb('v.shared', '=', true)]))
    .orderBy('v.name')
    .orderBy('v.id')
    .limit(limit)
    .execute();
}

/** One view the person may see (theirs, or shared in the company); undefined otherwise. */
export function findVisibleView(db: Database, companyId: number, userId: number, id: number) {
  return selectViews(db, companyId)
    .where('v.id', '=', id)
    .where((eb) => eb.or([eb('v.user_id', '=', userId), eb('v.shared', '=', true)]))
    .executeTakeFirst();
}

export function countOwnViews(db: Database, companyId: number, userId: number) {
  return db
    .selectFrom('customer_views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
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

export async function findColumns(db: Database, companyId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('customer_list_columns')
    .select('columns')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.columns ?? null;
}

export async function saveColumns(db: Database, companyId: number, userId: number, columns: string) {
  const updated_at = new Date().toISOString();
  await db
    .insertInto('customer_list_columns')
    .values({ company_id: companyId, user_id: userId, columns, updated_at })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ columns, updated_at }))
    .execute();
}
