import type { CustomerStatus } from '@kontora/contract/customers';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { CustomersTable } from '../../db/schema.ts';
import { ftsMatch, tsQuery } from './customer-search.ts';

export type CustomerRow = Omit<Selectable<CustomersTable>, 'sort_name' | 'search_text'> & {
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

function selectCustomers(db: Database) {
  return db.selectFrom('customers as c').leftJoin('users as o', 'o.id', 'c.owner_id').select(columns);
}

export function findCustomer(db: Database, companyId: number, id: number): Promise<CustomerRow | undefined> {
  return selectCustomers(db).where('c.company_id', '=', companyId).where('c.id', '=', id).executeTakeFirst();
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
      : (await db.insertInto('customers').values(slice).returning('id').execute()).map((r) => r.id);
    ids.push(...inserted);
  }
  const tagRows = ids.flatMap((id, i) =>
    (tags[i] ?? []).map((tag) => ({ company_id: rows[i]?.company_id ?? 0, customer_id: id, tag })),
  );
  for (let i = 0; i < tagRows.length; i += 2000) {
    const slice = tagRows.slice(i, i + 2000);
    if (pg) await insertUnnest(db, 'customer_tags', TAG_COLUMNS, slice, false);
    else await db.insertInto('customer_tags').values(slice).execute();
  }
  return ids;
}

/** Column → PostgreSQL array element type, for inserts through unnest(). */
const CUSTOMER_COLUMNS: Record<string, string> = {
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
async function insertUnnest(
  db: Database,
  table: 'customers' | 'customer_tags',
  columns: Record<string, string>,
  rows: readonly object[],
  returning: boolean,
): Promise<{ id: number }[]> {
  const names = Object.keys(columns);
  const arrays = names.map(
    (name) =>
      sql`${rows.map((r) => (r as Record<string, unknown>)[name] ?? null)}::${sql.raw(columns[name] ?? 'text')}[]`,
  );
  const query = sql<{
    id: number;
  }>`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
    select * from unnest(${sql.join(arrays)}) ${returning ? sql`returning id` : sql``}`;
  return (await query.execute(db)).rows;
}

export async function replaceTags(db: Database, companyId: number, customerId: number, tags: string[]) {
  await db
    .deleteFrom('customer_tags')
    .where('company_id', '=', companyId)
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

export async function deleteCustomer(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('customers')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The given ids that are customers of the company, with their status. */
export function findStatuses(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customers')
    .select(['id', 'status'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export async function setStatusOf(
  db: Database,
  companyId: number,
  ids: number[],
  status: CustomerStatus,
  by: { userId: number; at: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('customers')
    .set({ status, version: sql`version + 1`, updated_by: by.userId, updated_at: by.at })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export async function deleteCustomers(db: Database, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('customers').where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

export interface ListFilter {
  /** Search words (already normalised); empty for no search. */
  terms: string[];
  status?: CustomerStatus | undefined;
  ownerId?: number | undefined;
  tag?: string | undefined;
  sort: 'name' | 'created_at' | 'updated_at';
  dir: 'asc' | 'desc';
}

const sortColumn = { name: 'c.sort_name', created_at: 'c.created_at', updated_at: 'c.updated_at' } as const;

/** The sort key of a row as the cursor carries it. */
export function sortValueOf(row: CustomerRow, sort: ListFilter['sort']): string {
  return sort === 'name' ? row.sort_name : row[sort];
}

/**
 * One page in (sort key, id) order after the given position. Every filter and
 * sort is served by an index (see migration 002); search on PostgreSQL is one
 * query over the GIN index, on SQLite see sqliteSearchPage.
 */
export async function listCustomers(
  db: Database,
  companyId: number,
  filter: ListFilter,
  after: { value: string; id: number } | undefined,
  limit: number,
): Promise<CustomerRow[]> {
  if (filter.terms.length && dialectOf(db) === 'sqlite') {
    const ids = await sqliteSearchPage(db, companyId, filter, after, limit);
    if (ids.length === 0) return [];
    const rows = await selectCustomers(db)
      .where('c.company_id', '=', companyId)
      .where('c.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is CustomerRow => r !== undefined);
  }
  const col = sortColumn[filter.sort];
  let query = selectCustomers(db).where('c.company_id', '=', companyId);
  if (filter.status) query = query.where('c.status', '=', filter.status);
  if (filter.ownerId !== undefined) query = query.where('c.owner_id', '=', filter.ownerId);
  if (filter.tag) {
    const tag = filter.tag;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('customer_tags as t')
          .select(sql.lit(1).as('one'))
          .whereRef('t.company_id', '=', 'c.company_id')
          .whereRef('t.customer_id', '=', 'c.id')
          .where('t.tag', '=', tag),
      ),
    );
  }
  if (filter.terms.length) {
    query = query.where(sql<boolean>`c.search_vector @@ to_tsquery('simple', ${tsQuery(filter.terms)})`);
  }
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple(col, 'c.id'), filter.dir === 'asc' ? '>' : '<', eb.tuple(after.value, after.id)),
    );
  }
  return query.orderBy(col, filter.dir).orderBy('c.id', filter.dir).limit(limit).execute();
}

/** Matches (in all companies) from which a search tries the sort index first. */
const COMMON_MATCHES = 20_000;
/** Rows of the sort index a common-word search reads before it sorts the matches instead. */
const WALK_WINDOW = 3_000;

/**
 * Ids of one search page on SQLite. FTS5 returns matches in id order only, so
 * a page in another order costs either sorting every match or reading the
 * sort index until enough rows match:
 * - usually (a name, an email, a number) the matches are few: they are sorted,
 *   each looked up by id in the narrow id-first index, not the wide rows;
 * - for a common word (a capped count says so) the next rows of the sort
 *   index are read, at most WALK_WINDOW of them, and checked on search_text
 *   with the same prefix-of-word rule; when they hold too few matches (the
 *   word is common elsewhere), the matches are sorted after all.
 */
async function sqliteSearchPage(
  db: Database,
  companyId: number,
  filter: ListFilter,
  after: { value: string; id: number } | undefined,
  limit: number,
): Promise<number[]> {
  const match = ftsMatch(filter.terms);
  const filters = sql.join(
    [
      filter.status ? sql`and x.status = ${filter.status}` : sql``,
      filter.ownerId !== undefined ? sql`and x.owner_id = ${filter.ownerId}` : sql``,
      filter.tag
        ? sql`and exists (select 1 from customer_tags t where t.company_id = x.company_id and t.customer_id = x.id and t.tag = ${filter.tag})`
        : sql``,
      after
        ? sql`and (${sql.ref(`x.${sortColumn[filter.sort].slice(2)}`)}, x.id) ${sql.raw(filter.dir === 'asc' ? '>' : '<')} (${after.value}, ${after.id})`
        : sql``,
    ],
    sql` `,
  );
  const col = sql.ref(`x.${sortColumn[filter.sort].slice(2)}`);
  const order = sql`order by ${col} ${sql.raw(filter.dir)}, x.id ${sql.raw(filter.dir)}`;

  const counted = await sql<{ n: number }>`select count(*) as n from
    (select rowid from customers_fts where customers_fts match ${match} limit ${COMMON_MATCHES})`.execute(db);
  if (Number(counted.rows[0]?.n ?? 0) >= COMMON_MATCHES) {
    const words = sql.join(
      filter.terms.map((term) => sql`and instr(' ' || w.search_text, ${` ${term}`}) > 0`),
      sql` `,
    );
    // The window is read in sort order and the reading stops at `limit` matches.
    const walked = await sql<{ id: number }>`select w.id from
      (select x.id, x.search_text from customers x where x.company_id = ${companyId} ${filters} ${order} limit ${WALK_WINDOW}) w
      where 1 = 1 ${words} limit ${limit}`.execute(db);
    if (walked.rows.length >= limit) return walked.rows.map((r) => r.id);
  }
  const sorted = await sql<{ id: number }>`select x.id
    from customers_fts f cross join customers x indexed by customers_search_idx on x.id = f.rowid
    where customers_fts match ${match} and x.company_id = ${companyId} ${filters} ${order} limit ${limit}`.execute(
    db,
  );
  return sorted.rows.map((r) => r.id);
}

/** Members by lower-case email, for CSV import's owner column. */
export async function memberIdsByEmail(db: Database, companyId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email'])
    .where('m.company_id', '=', companyId)
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}
