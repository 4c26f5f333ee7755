import type { CustomerStatus } from '@kontora/contract/customers';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { companyGuard } from '../../db/company-guard.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { inList } from '../../db/in-list.ts';
import { pgArray } from '../../db/pg-array.ts';
import { insertRows } from '../../db/rows-insert.ts';
import type { CustomersTable } from '../../db/schema.ts';
import { hiddenImports, visibleCondition, visibleOnly } from './customer-visibility.ts';

export type CustomerRow = Omit<
  Selectable<CustomersTable>,
  'sort_name' | 'search_text' | 'phone_key' | 'name_key' | 'town_key' | 'import_id' | 'own_values'
> & {
  sort_name: string;
  owner_name: string | null;
  owner_email: string | null;
};
export type NewCustomer = Insertable<CustomersTable>;
export type CustomerPatch = Updateable<CustomersTable>;

const columns = [
  'c.id',
  'c.company_id',
  'c.type',
  'c.name',
  'c.sort_name',
  'c.first_name',
  'c.last_name',
  'c.organisation_name',
  'c.email',
  'c.phone',
  'c.website',
  'c.address',
  'c.country',
  'c.oib',
  'c.status',
  'c.owner_id',
  'c.tags',
  'c.source',
  'c.notes',
  'c.version',
  'c.created_by',
  'c.updated_by',
  'c.created_at',
  'c.updated_at',
  'o.full_name as owner_name',
  'o.email as owner_email',
] as const;

/** Customers with their owner's name and email, as every read answers them. */
export function selectCustomers(db: Database) {
  return db.selectFrom('customers as c').leftJoin('users as o', 'o.id', 'c.owner_id').select(columns);
}

export async function findCustomer(
  db: Database,
  companyId: number,
  id: number,
): Promise<CustomerRow | undefined> {
  return (await ofCompany(db, companyId)).where('c.id', '=', id).executeTakeFirst();
}

/** The company's visible customers (an import's rows only once it is applied, customer-visibility.ts). */
export async function ofCompany(db: Database, companyId: number) {
  const hidden = await hiddenImports(db, companyId);
  const query = selectCustomers(db).where('c.company_id', '=', companyId);
  return visibleOnly(query, 'c', hidden);
}

/** Inserts rows (a thousand a statement) and their tags; answers the new ids in order. */
export async function insertCustomers(
  db: Database,
  rows: NewCustomer[],
  tags: string[][],
): Promise<number[]> {
  const pg = dialectOf(db) === 'postgres';
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const slice = rows.slice(i, i + 1000);
    // Identity values are taken in row order within a statement, so ascending ids are the rows' order.
    const inserted = pg
      ? (await insertUnnest(db, 'customers', CUSTOMER_COLUMNS, slice, true))
          .map((r) => Number(r.id))
          .sort((a, b) => a - b)
      : (await insertRows(db, 'customers', slice, 'id')).map((r) => r.id);
    ids.push(...inserted);
  }
  const tagRows = ids.flatMap((id, i) =>
    (tags[i] ?? []).map((tag) => ({ company_id: rows[i]?.company_id ?? 0, customer_id: id, tag })),
  );
  for (let i = 0; i < tagRows.length; i += 2000) {
    const slice = tagRows.slice(i, i + 2000);
    if (pg) await insertUnnest(db, 'customer_tags', TAG_COLUMNS, slice, false);
    else await insertRows(db, 'customer_tags', slice);
  }
  return ids;
}

/** Column → PostgreSQL array element type, for inserts through unnest(). */
export const CUSTOMER_COLUMNS: Record<string, string> = {
  company_id: 'int4',
  type: 'text',
  name: 'text',
  sort_name: 'text',
  first_name: 'text',
  last_name: 'text',
  organisation_name: 'text',
  email: 'text',
  phone: 'text',
  website: 'text',
  address: 'text',
  country: 'text',
  oib: 'text',
  status: 'text',
  owner_id: 'int4',
  tags: 'text',
  source: 'text',
  notes: 'text',
  search_text: 'text',
  own_values: 'jsonb',
  phone_key: 'text',
  name_key: 'text',
  town_key: 'text',
  version: 'int4',
  created_by: 'int4',
  updated_by: 'int4',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};
const TAG_COLUMNS: Record<string, string> = { company_id: 'int4', customer_id: 'int4', tag: 'text' };

/**
 * Many rows in one PostgreSQL statement with one array parameter per column:
 * a VALUES list of 24,000 parameters costs more to parse and plan than to store.
 */
/** PostgreSQL: one INSERT of many rows as one array a column (a few parameters, however many rows). */
export async function insertUnnest(
  db: Database,
  table: 'customers' | 'customer_tags' | 'customer_activities' | 'events',
  columns: Record<string, string>,
  rows: readonly object[],
  returning: boolean,
): Promise<{ id: number }[]> {
  return (await unnestInsert(table, columns, rows, returning).execute(db)).rows;
}

/** The statement of `insertUnnest`, not yet run. */
export function unnestInsert(
  table: 'customers' | 'customer_tags' | 'customer_activities' | 'events',
  columns: Record<string, string>,
  rows: readonly object[],
  returning: boolean,
) {
  const names = Object.keys(columns);
  const arrays = names.map(
    (name) =>
      sql`${pgArray(rows.map((r) => (r as Record<string, unknown>)[name]))}::${sql.raw(columns[name] ?? 'text')}[]`,
  );
  return sql<{
    id: number;
  }>`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
    select * from unnest(${sql.join(arrays)}) ${returning ? sql`returning id` : sql``}`;
}

/** Many customers' tags replaced at once (an import batch's updates): one delete, inserts of 2,000 rows. */
export async function replaceTagsOfMany(
  db: Database,
  companyId: number,
  customers: readonly { id: number; tags: string[] }[],
): Promise<void> {
  if (customers.length === 0) return;
  await db
    .deleteFrom('customer_tags')
    .where(companyGuard('company_id'), '=', companyId)
    .where('customer_id', 'in', inList(customers.map((c) => c.id)))
    .execute();
  const rows = customers.flatMap((c) =>
    c.tags.map((tag) => ({ company_id: companyId, customer_id: c.id, tag })),
  );
  const pg = dialectOf(db) === 'postgres';
  for (let i = 0; i < rows.length; i += 2000) {
    const slice = rows.slice(i, i + 2000);
    if (pg) await insertUnnest(db, 'customer_tags', TAG_COLUMNS, slice, false);
    else await insertRows(db, 'customer_tags', slice);
  }
}

export async function replaceTags(db: Database, companyId: number, customerId: number, tags: string[]) {
  await db
    .deleteFrom('customer_tags')
    .where(companyGuard('company_id'), '=', companyId)
    .where('customer_id', '=', customerId)
    .execute();
  if (tags.length) {
    await db
      .insertInto('customer_tags')
      .values(tags.map((tag) => ({ company_id: companyId, customer_id: customerId, tag })))
      .execute();
  }
}

/** Applies a change only when the version still matches; false when it does not (or the row is gone). */
export async function updateCustomerIfVersion(
  db: Database,
  companyId: number,
  id: number,
  version: number,
  patch: CustomerPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ ...patch, version: sql`version + 1` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Adds to the company's counters (migration 002) rows their triggers left out: an import's
 * marked rows, counted at its flip (migration 066).
 */
export async function addToCounts(
  db: Database,
  companyId: number,
  counts: readonly { dimension: 'status' | 'month'; value: string; n: number }[],
): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insertInto('customer_counts')
    .values(counts.map((c) => ({ company_id: companyId, ...c })))
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'dimension', 'value'])
        .doUpdateSet((eb) => ({ n: eb('customer_counts.n', '+', eb.ref('excluded.n')) })),
    )
    .execute();
}

/** Whether the id is a customer of the company. */
export async function customerBelongsTo(
  db: Database,
  companyId: number,
  customerId: number,
): Promise<boolean> {
  const hidden = await hiddenImports(db, companyId);
  const row = await db
    .selectFrom('customers as c')
    .select('c.id')
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', customerId)
    .$if(hidden.length > 0, (q) => q.where(visibleCondition('c', hidden)))
    .executeTakeFirst();
  return row !== undefined;
}

/** The given ids that are customers of the company, with their status. */
export function findStatuses(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customers')
    .select(['id', 'status'])
    .where(companyGuard('company_id'), '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** Sets the status; answers each customer's new version by id. */
export async function setStatusOf(
  db: Database,
  companyId: number,
  ids: number[],
  status: CustomerStatus,
  by: { userId: number | null; at: string },
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .updateTable('customers')
    .set({ status, version: sql`version + 1`, updated_by: by.userId, updated_at: by.at })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .returning(['id', 'version'])
    .execute();
  return new Map(rows.map((r) => [r.id, r.version]));
}

/** A new version for each of these customers (their own fields changed elsewhere); answers id → version. */
export async function bumpVersionsOf(
  db: Database,
  companyId: number,
  ids: number[],
  by: { userId: number | null; at: string },
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .updateTable('customers')
    .set({ version: sql`version + 1`, updated_by: by.userId, updated_at: by.at })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .returning(['id', 'version'])
    .execute();
  return new Map(rows.map((r) => [r.id, r.version]));
}

/** Deletes the company's customers with these ids; answers the ids that were still there. */
export async function deleteCustomersReturning(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<number[]> {
  const deleted: number[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .deleteFrom('customers')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids.slice(i, i + 1000))
      .returning('id')
      .execute();
    deleted.push(...rows.map((r) => r.id));
  }
  return deleted;
}

/** Customers of the company with one of these OIB/VAT ids, emails or ids (an import's matches). */
export async function findCustomersByKeys(
  db: Database,
  companyId: number,
  keys: { oibs: string[]; emails: string[]; ids: number[] },
): Promise<CustomerRow[]> {
  const found = new Map<number, CustomerRow>();
  const hidden = await hiddenImports(db, companyId);
  for (const rows of [
    keys.oibs.length ? await byKey(db, companyId, hidden, 'c.oib', keys.oibs) : [],
    keys.emails.length ? await byKey(db, companyId, hidden, 'c.email', keys.emails) : [],
    keys.ids.length ? await byKey(db, companyId, hidden, 'c.id', keys.ids) : [],
  ]) {
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/**
 * The company's customers with one of these values of one key, each value looked up in the
 * key's index. An import looks up every batch while the company grows under it, so a plan that
 * walks the company's customers makes the import quadratic: SQLite chose that for keys ORed
 * inside `company_id = ?` or ordered by id (240 ms a lookup at 100,000 customers); PostgreSQL,
 * whose statistics still count the company as it was before the import, chose it for any form
 * but one lookup per value (a lateral subquery kept apart by `offset 0`).
 */
function byKey(
  db: Database,
  companyId: number,
  hidden: readonly number[],
  key: 'c.oib' | 'c.email' | 'c.id',
  values: readonly (string | number)[],
): Promise<CustomerRow[]> {
  let ofCompany = selectCustomers(db).where('c.company_id', '=', companyId);
  if (hidden.length) ofCompany = ofCompany.where(visibleCondition('c', hidden));
  if (dialectOf(db) !== 'postgres') return ofCompany.where(key, 'in', inList(values)).execute();
  const one = ofCompany.where(sql<boolean>`${sql.ref(key)} = k.v`).offset(0);
  const type = sql.raw(key === 'c.id' ? 'int4' : 'text');
  return sql<CustomerRow>`select x.* from unnest(${values}::${type}[]) as k(v)
    cross join lateral (${one}) as x`
    .execute(db)
    .then((r) => r.rows);
}
