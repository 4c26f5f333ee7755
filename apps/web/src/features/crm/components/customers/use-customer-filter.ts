import {
  CUSTOMER_LIMITS,
  CUSTOMER_SORTS,
  CUSTOMER_STATUSES,
  type CustomerStatus,
} from '@kontora/contract/customer-values';
import { CUSTOM_COLUMN_PATTERN } from '@kontora/contract/customer-view-values';
import { useAddressFilter } from '../../../../lib/use-address-filter.ts';
import {
  type CustomerFilterParams,
  type CustomParam,
  isCustomParam,
} from '../../../shared/api/get-customers.ts';
import { parseCustomParams } from '../../../shared/lib/custom-params.ts';

export { knownFieldsOnly } from '../../../shared/lib/custom-params.ts';

/** A built-in sort or an own field's, `custom.{key}`. */
export type CustomerSort = (typeof CUSTOMER_SORTS)[number] | CustomParam;
export type SortDir = 'asc' | 'desc';
/** The address parameters of the list; named as the API names them (own fields' `custom.{key}…` too). */
export type FilterParam =
  | 'q'
  | 'status'
  | 'owner_id'
  | 'tag'
  | 'organisation_id'
  | 'sort'
  | 'dir'
  | CustomParam;
/** Sets or clears parameters of the list's address (a list repeats one: any of). */
export type UpdateFilter = (
  patch: Partial<Record<FilterParam, string | readonly string[]>>,
  options?: { replace?: boolean },
) => void;

const isStatus = (value: string | null): value is CustomerStatus =>
  (CUSTOMER_STATUSES as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is (typeof CUSTOMER_SORTS)[number] =>
  (CUSTOMER_SORTS as readonly (string | null)[]).includes(value);

/**
 * The filter as the address holds it. Anything the API would refuse (a typo in a
 * shared link, an old bookmark) is dropped rather than shown as an error.
 */
export function parseCustomerFilter(params: URLSearchParams): CustomerFilterParams {
  const filter: CustomerFilterParams = {};
  const q = params.get('q')?.trim().slice(0, CUSTOMER_LIMITS.searchMax);
  if (q) filter.q = q;
  const status = params.get('status');
  if (isStatus(status)) filter.status = status;
  const owner = Number(params.get('owner_id'));
  if (Number.isSafeInteger(owner) && owner > 0) filter.owner_id = owner;
  const tag = params.get('tag')?.trim().toLowerCase().slice(0, CUSTOMER_LIMITS.tagMax);
  if (tag) filter.tag = tag;
  const organisation = Number(params.get('organisation_id'));
  if (Number.isSafeInteger(organisation) && organisation > 0) filter.organisation_id = organisation;
  const sort = params.get('sort');
  if (isSort(sort) || (sort && CUSTOM_COLUMN_PATTERN.test(sort))) filter.sort = sort as CustomerSort;
  Object.assign(filter, parseCustomParams(params));
  const dir = params.get('dir');
  if (dir === 'asc' || dir === 'desc') filter.dir = dir;
  return filter;
}

/** The server's default order: by name, A to Z. */
export const sortOf = (filter: CustomerFilterParams): { sort: CustomerSort; dir: SortDir } => ({
  sort: filter.sort ?? 'name',
  dir: filter.dir ?? 'asc',
});

/** Whether the filter narrows the list (the sort alone does not). */
export const isFiltered = (filter: CustomerFilterParams): boolean =>
  Boolean(filter.q || filter.status || filter.owner_id || filter.tag || filter.organisation_id) ||
  Object.keys(filter).some(isCustomParam);

/**
 * Filter and sort of the customer list live in the address (`?q=&status=…`), so
 * that reload, back/forward and a copied link show the same list, and the top-bar
 * search can land here with `?q=`.
 */
export function useCustomerFilter() {
  const { filter, key, update } = useAddressFilter<CustomerFilterParams, FilterParam>(parseCustomerFilter);
  return { filter, filterKey: key, update };
}

/**
 * A search is read in a built-in order, never by an own field (the server refuses the pair,
 * docs/decisions/067-search-with-own-field-filters.md): while searching, the list is by name.
 */
export function sortableWithSearch(filter: CustomerFilterParams): CustomerFilterParams {
  if (!filter.q || !filter.sort || !isCustomParam(filter.sort)) return filter;
  const { sort, dir, ...rest } = filter;
  return rest;
}
