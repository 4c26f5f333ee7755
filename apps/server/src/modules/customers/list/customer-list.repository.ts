import type { CustomerStatus } from '@kontora/contract/customers';
import { sql } from 'kysely';
import { companyGuard } from '../../../db/company-guard.ts';
import type { Database } from '../../../db/database.ts';
import { dialectOf } from '../../../db/dialect.ts';
import { waitForCustomers } from '../../../lib/csv-import/company-hold.ts';
import {
  type CustomListPlan,
  customSortedPage,
  heldOrder,
  rareValuesStart,
} from '../../custom-fields/custom-fields.service.ts';
import { hiddenImports, visibleCondition } from '../customer-visibility.ts';
import { type CustomerRow, selectCustomers } from '../customers.repository.ts';
import { memberOfCondition } from '../organisations/customer-organisations.repository.ts';
import { postgresSearchPage } from './customer-search-page.postgres.ts';
import { type SearchTuning, sqliteSearchPageIds } from './customer-search-page.ts';

/** Reads over many customers: the list (filters, search, keyset pages) and the dashboard's figures. */

export interface ListFilter {
  /** Search words (already normalised); empty for no search. */
  terms: string[];
  status?: CustomerStatus | undefined;
  ownerId?: number | undefined;
  tag?: string | undefined;
  /** People of this organisation customer. */
  organisationId?: number | undefined;
  sort: 'name' | 'created_at' | 'updated_at';
  dir: 'asc' | 'desc';
  /** Filters and sort on the company's own fields; its sort replaces `sort` and `dir`. */
  custom?: CustomListPlan | undefined;
  /** The position after which a page sorted by a custom field starts. */
  customAfter?: { value: string | number | null; id: number } | undefined;
  /** Imports whose marked rows are left out (customer-visibility.ts); filled by the reads. */
  hidden?: readonly number[] | undefined;
}

const sortColumn = { name: 'c.sort_name', created_at: 'c.created_at', updated_at: 'c.updated_at' } as const;

/** The sort key of a row as the cursor carries it. */
export function sortValueOf(row: CustomerRow, sort: ListFilter['sort']): string {
  return sort === 'name' ? row.sort_name : row[sort];
}

/**
 * One page in (sort key, id) order after the given position. Every filter and
 * sort is served by an index (see migration 002); a search picks its ids first (customer-search-page*.ts).
 */
export async function listCustomers(
  db: Database,
  companyId: number,
  filter: ListFilter,
  after: { value: string; id: number } | undefined,
  limit: number,
  tuning?: SearchTuning,
): Promise<CustomerRow[]> {
  filter = { ...filter, hidden: await hiddenImports(db, companyId) };
  const col = sortColumn[filter.sort];
  if (filter.terms.length && dialectOf(db) === 'postgres') {
    return postgresSearchPage(
      db,
      companyId,
      filter,
      after,
      limit,
      (ids) =>
        selectCustomers(db)
          .where('c.company_id', '=', companyId)
          .where('c.id', 'in', ids)
          .orderBy(col, filter.dir)
          .orderBy('c.id', filter.dir)
          .execute(),
      tuning,
    );
  }
  if (filter.terms.length) {
    const ids = await sqliteSearchPageIds(db, companyId, filter, after, limit, tuning);
    if (ids.length === 0) return [];
    const rows = await selectCustomers(db)
      .where('c.company_id', '=', companyId)
      .where('c.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is CustomerRow => r !== undefined);
  }
  // A value few customers hold: start from them, not from a walk of the order. The guard keeps
  // SQLite from reading the company's index instead (companyGuard).
  const start = filter.custom
    ? await rareValuesStart(db, companyId, 'customer', filter.custom, limit, () =>
        customerTotal(db, companyId),
      )
    : undefined;
  const company = start ? companyGuard('c.company_id') : sql.ref('c.company_id');
  let query = selectCustomers(db).where(company, '=', companyId);
  if (filter.hidden?.length) query = query.where(visibleCondition('c', filter.hidden));
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
  if (filter.organisationId !== undefined) {
    query = query.where(sql<boolean>`true ${memberOfCondition(filter.organisationId, 'c')}`);
  }
  for (const condition of filter.custom?.where('c') ?? []) query = query.where(condition);
  if (start) query = query.where(start('c'));
  const custom = filter.custom?.sort;
  if (custom) return customSortedPage(query, custom, 'c', filter.customAfter, limit);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple(col, 'c.id'), filter.dir === 'asc' ? '>' : '<', eb.tuple(after.value, after.id)),
    );
  }
  const order = start ? heldOrder(db, sql.ref(col)) : sql.ref(col);
  return query.orderBy(order, filter.dir).orderBy('c.id', filter.dir).limit(limit).execute();
}

/** How many customers the company has, from the kept counts (one small read). */
async function customerTotal(db: Database, companyId: number): Promise<number> {
  await waitForCustomers(db, companyId);
  const row = await db
    .selectFrom('customer_counts')
    .select((eb) => eb.fn.sum<number | string>('n').as('n'))
    .where('company_id', '=', companyId)
    .where('dimension', '=', 'status')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Per-company counts kept by the customer triggers (migration 002): by status and by month of creation (UTC). */
export async function customerCounts(db: Database, companyId: number) {
  // Kept by triggers as updates land: read once an import finishing in chunks is whole.
  await waitForCustomers(db, companyId);
  return db
    .selectFrom('customer_counts')
    .select(['dimension', 'value', 'n'])
    .where('company_id', '=', companyId)
    .execute();
}

/** Customers created in [from, to), by status: one range of customers_status_created_idx per status. */
export async function statusCountsCreatedBetween(db: Database, companyId: number, from: string, to: string) {
  const hidden = await hiddenImports(db, companyId);
  return db
    .selectFrom('customers as c')
    .select(['c.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('c.company_id', '=', companyId)
    .where('c.created_at', '>=', from)
    .where('c.created_at', '<', to)
    .$if(hidden.length > 0, (q) => q.where(visibleCondition('c', hidden)))
    .groupBy('c.status')
    .execute();
}

export async function recentCustomers(db: Database, companyId: number, limit: number) {
  const hidden = await hiddenImports(db, companyId);
  return db
    .selectFrom('customers as c')
    .select(['c.id', 'c.name', 'c.type', 'c.status', 'c.email', 'c.created_at'])
    .where('c.company_id', '=', companyId)
    .$if(hidden.length > 0, (q) => q.where(visibleCondition('c', hidden)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
