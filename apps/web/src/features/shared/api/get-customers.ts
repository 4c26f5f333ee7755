import type { CustomerPage, CustomerStatus } from '@kontora/contract/customers';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type CustomParam, type CustomParams, isCustomParam } from '../lib/custom-params.ts';
import { crmKeys } from './crm-keys.ts';

export { type CustomParam, customParamsOf, isCustomParam } from '../lib/custom-params.ts';

/**
 * What the list and the CSV export filter on (docs/product.md §7); empty values are left out.
 * Own-field filters ride along under their API names (a list: any of); `sort` may name an own
 * field (`custom.{key}`), its direction in `dir` like the others.
 */
export type CustomerFilterParams = {
  q?: string;
  status?: CustomerStatus;
  owner_id?: number;
  tag?: string;
  /** People of this organisation customer. */
  organisation_id?: number;
  sort?: 'name' | 'created_at' | 'updated_at' | CustomParam;
  dir?: 'asc' | 'desc';
} & CustomParams;

/** The list API names a descending own-field sort `-custom.{key}` and takes no `dir` with it. */
export function toListQuery(
  filter: CustomerFilterParams,
): Record<string, string | number | string[] | undefined> {
  const { sort, dir, ...rest } = filter;
  if (sort && isCustomParam(sort)) return { ...rest, sort: `${dir === 'desc' ? '-' : ''}${sort}` };
  return filter;
}

/** The customers collection; the single-customer endpoints hang below it. */
export const customersPath = (companyId: number) => `/companies/${companyId}/customers`;

export function getCustomers(
  companyId: number,
  params: CustomerFilterParams & { cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<CustomerPage> {
  return api.get<CustomerPage>(customersPath(companyId), { query: toListQuery(params), signal });
}

/** Keyset pages: each page asks for the next with the previous page's `next_cursor`. */
export const customerPagesOptions = (companyId: number, filter: CustomerFilterParams, limit = 50) =>
  infiniteQueryOptions({
    queryKey: crmKeys.customerList(companyId, { ...filter, limit }),
    queryFn: ({ pageParam, signal }) =>
      getCustomers(companyId, { ...filter, limit, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // While another filter or sort loads, the rows of the previous one stay (no flash of a spinner).
    placeholderData: keepPreviousData,
  });

export function useCustomerPages(companyId: number, filter: CustomerFilterParams, limit = 50) {
  return useInfiniteQuery(customerPagesOptions(companyId, filter, limit));
}

/** A few customers matching `q` (pickers, the top-bar search); disabled while `q` is empty. */
export function useCustomerSearch(companyId: number, q: string, limit = 8) {
  return useQuery({
    queryKey: crmKeys.customerList(companyId, { q, limit, search: true }),
    queryFn: ({ signal }) => getCustomers(companyId, { q, limit }, signal),
    enabled: q.trim() !== '',
    staleTime: 10_000,
  });
}
