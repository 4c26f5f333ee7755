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

/** `custom.{key}`, `custom.{key}.gte|lte|empty`. */
const CUSTOM_FILTER = /^custom\.[a-z][a-z0-9_]{0,39}(\.(gte|lte|empty))?$/;
/** Values of one own-field filter the address keeps (any of), each at most this long. */
const CUSTOM_VALUES_MAX = 50;
const CUSTOM_VALUE_LENGTH = 500;

/** The address's own-field filters, shaped as the API takes them; the server checks them against the fields. */
function parseCustomParams(params: URLSearchParams, filter: CustomerFilterParams): void {
  for (const name of new Set(params.keys())) {
    if (!CUSTOM_FILTER.test(name)) continue;
    const values = params
      .getAll(name)
      .map((v) => v.trim().slice(0, CUSTOM_VALUE_LENGTH))
      .filter(Boolean)
      .slice(0, CUSTOM_VALUES_MAX);
    const param = name as CustomParam;
    if (values.length === 0) continue;
    // A range end or empty/not empty holds one value; equality any of several.
    if (/\.(gte|lte|empty)$/.test(name) || values.length === 1) filter[param] = values.at(-1) ?? '';
    else filter[param] = values;
  }
}

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
  parseCustomParams(params, filter);
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
 * The filter without own-field filters and sort the company does not have in use (a field
 * archived or deleted since the link or view was made): the list shows the rest rather than
 * refusing. `keys` undefined: the fields are not known yet, the filter goes as it is.
 */
export function knownFieldsOnly(filter: CustomerFilterParams, keys: ReadonlySet<string> | undefined) {
  if (!keys) return filter;
  const known = (param: string) => keys.has(param.split('.')[1] ?? '');
  const next: CustomerFilterParams = {};
  let changed = false;
  for (const [name, value] of Object.entries(filter) as [keyof CustomerFilterParams, never][]) {
    const custom = isCustomParam(name) || (name === 'sort' && isCustomParam(value));
    if (custom && !known(name === 'sort' ? value : name)) changed = true;
    else next[name] = value;
  }
  if (changed && next.sort === undefined) delete next.dir;
  return changed ? next : filter;
}

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
