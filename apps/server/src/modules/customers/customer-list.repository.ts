import type { CustomerStatus } from '@kontora/contract/customers';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { ftsMatch, tsQuery } from './customer-search.ts';
import { type CustomerRow, selectCustomers } from './customers.repository.ts';

/** Reads over many customers: the list (filters, search, keyset pages) and the dashboard's figures. */

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

/** Per-company counts kept by the customer triggers (migration 002): by status and by month of creation (UTC). */
export function customerCounts(db: Database, companyId: number) {
  return db
    .selectFrom('customer_counts')
    .select(['dimension', 'value', 'n'])
    .where('company_id', '=', companyId)
    .execute();
}

/** Customers created in [from, to), by status: one range of customers_status_created_idx per status. */
export function statusCountsCreatedBetween(db: Database, companyId: number, from: string, to: string) {
  return db
    .selectFrom('customers')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('company_id', '=', companyId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('status')
    .execute();
}

export function recentCustomers(db: Database, companyId: number, limit: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'type', 'status', 'email', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
