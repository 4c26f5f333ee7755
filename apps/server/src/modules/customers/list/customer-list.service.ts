import type { CustomerFilter, CustomerListQuery, CustomerPage } from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import { withSerialPlans } from '../../../db/serial-plans.ts';
import { invalidField } from '../../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../../lib/keyset-cursor.ts';
import {
  type CustomListPlan,
  type CustomSort,
  customListPlan,
} from '../../custom-fields/custom-fields.service.ts';
import { toCustomers } from '../organisations/customer-answers.ts';
import {
  statusCountsCreatedBetween as countsCreatedRows,
  customerCounts as countsRows,
  type ListFilter,
  listCustomers,
  recentCustomers as recentRows,
  sortValueOf,
} from './customer-list.repository.ts';
import { searchTerms } from './customer-search.ts';

export function toListFilter(query: CustomerFilter): ListFilter {
  return {
    terms: query.q ? searchTerms(query.q) : [],
    status: query.status,
    ownerId: query.owner_id,
    tag: query.tag || undefined,
    organisationId: query.organisation_id,
    sort: query.sort,
    dir: query.dir,
  };
}

function readCursor(raw: string, filter: ListFilter): { value: string; id: number } {
  const parts = decodeCursor(raw);
  const [kind, sort, dir, value, id] = parts ?? [];
  if (
    parts?.length !== 5 ||
    kind !== 'customers' ||
    sort !== filter.sort ||
    dir !== filter.dir ||
    typeof value !== 'string' ||
    !Number.isSafeInteger(id)
  ) {
    throw invalidField('cursor', 'invalid_cursor');
  }
  return { value, id: id as number };
}

function readCustomCursor(raw: string, sort: CustomSort): { value: string | number | null; id: number } {
  const parts = decodeCursor(raw);
  const [kind, name, dir, value, id] = parts ?? [];
  if (
    parts?.length !== 5 ||
    kind !== 'customers-custom' ||
    name !== sort.name ||
    dir !== sort.dir ||
    !(value === null || typeof value === (sort.numeric ? 'number' : 'string')) ||
    !Number.isSafeInteger(id)
  ) {
    throw invalidField('cursor', 'invalid_cursor');
  }
  return { value: value as string | number | null, id: id as number };
}

/**
 * The filters (and sort) on the company's own fields of a list-shaped query. A search takes
 * the filters (each search page checks them on its candidates) but not a sort by an own field:
 * a search page is read in a built-in order (decision 026), and sorting every match of a
 * common word by a value looked up per row does not scale
 * (docs/decisions/067-search-with-own-field-filters.md).
 */
export async function customerCustomPlan(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  query: Record<string, unknown> & { q?: string | undefined },
  sort: string | undefined,
): Promise<CustomListPlan | undefined> {
  const custom = await customListPlan(ctx.db, companyId, 'customer', query, sort);
  if (custom?.sort && query.q && searchTerms(query.q).length)
    throw invalidField(
      'sort',
      'not_with_search',
      'A search is sorted by name or a date, not by an own field.',
    );
  return custom;
}

export async function listCustomerPage(
  ctx: AppContext,
  companyId: number,
  query: CustomerListQuery,
): Promise<CustomerPage> {
  const custom = await customerCustomPlan(ctx, companyId, query, query.sort);
  const standard = custom?.sort ? 'name' : (query.sort as CustomerFilter['sort']);
  const filter: ListFilter = { ...toListFilter({ ...query, sort: standard }), custom };
  const sort = custom?.sort;
  const after = query.cursor && !sort ? readCursor(query.cursor, filter) : undefined;
  if (query.cursor && sort) filter.customAfter = readCustomCursor(query.cursor, sort);
  // An own-field filter or sort probes the values per row in a walk of the list's order: no
  // parallel plan on PostgreSQL, whose workers cost more to start than the page (decision 094).
  const rows = custom
    ? await withSerialPlans(ctx.db, (db) => listCustomers(db, companyId, filter, after, query.limit + 1))
    : await listCustomers(ctx.db, companyId, filter, after, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  let next_cursor: string | null = null;
  if (rows.length > query.limit && last) {
    next_cursor = sort
      ? encodeCursor([
          'customers-custom',
          sort.name,
          sort.dir,
          (last as { custom_sort?: string | number | null }).custom_sort ?? null,
          last.id,
        ])
      : encodeCursor(['customers', filter.sort, filter.dir, sortValueOf(last, filter.sort), last.id]);
  }
  return { items: await toCustomers(ctx.db, companyId, items), next_cursor };
}

/**
 * The list answer, `{data}` serialised, as the route sends it: from the cache
 * (customer-page-cache.ts) while no customer of the company has changed. Keyed
 * by the parsed query, so spellings of the same query share an entry. `fresh`
 * (the request's `Cache-Control: no-cache`) skips the lookup; the answer
 * computed is stored all the same.
 */
export async function customerListAnswer(
  ctx: AppContext,
  companyId: number,
  query: CustomerListQuery,
  fresh = false,
): Promise<string> {
  const key = `${companyId}?${JSON.stringify(query)}`;
  let body = fresh ? undefined : ctx.caches.customerPages.get(key);
  if (body === undefined) {
    body = JSON.stringify({ data: await listCustomerPage(ctx, companyId, query) });
    ctx.caches.customerPages.set(key, companyId, body);
  }
  return body;
}

/** Per-company counts by status and by month of creation (UTC), kept by triggers (migration 002). */
export function customerCounts(ctx: AppContext, companyId: number) {
  return countsRows(ctx.db, companyId);
}

/** How many customers were created in [from, to) (instants), by their status now. */
export function statusCountsCreatedBetween(ctx: AppContext, companyId: number, from: string, to: string) {
  return countsCreatedRows(ctx.db, companyId, from, to);
}

/** The newest customers, newest first. */
export function recentCustomers(ctx: AppContext, companyId: number, limit: number) {
  return recentRows(ctx.db, companyId, limit);
}
