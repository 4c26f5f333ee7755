import { DEAL_LIMITS, DEAL_SORTS, type DealSort } from '@kontora/contract/deal-values';
import { type CustomParam, type CustomParams, parseCustomParams } from '../../shared/lib/custom-params.ts';

/** The list sorted by one of the company's own fields: `custom.{key}`. */
export type CustomDealSort = `custom.${string}`;
/** Any order of the list: a built-in one or an own field's. */
export type DealListSort = DealSort | CustomDealSort;

/**
 * The board's and the list's filters as the address holds them (`?pipeline=&owner_id=&tag=…`),
 * own-field filters (`custom.{key}…`) among them: both screens take them.
 */
export type DealAddressFilter = CustomParams & {
  pipeline?: number;
  q?: string;
  owner_id?: number;
  tag?: string;
  close_from?: string;
  close_to?: string;
  /** The list's order; the board keeps its own. */
  sort?: DealListSort;
  dir?: 'asc' | 'desc';
};

export type DealFilterParam = Exclude<keyof DealAddressFilter, CustomParam> | CustomParam;

const positiveId = (value: string | null): number | undefined => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

const day = (value: string | null): string | undefined =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

const CUSTOM_SORT = /^custom\.[a-z][a-z0-9_]{0,39}$/;

const isSort = (value: string | null): value is DealListSort =>
  (DEAL_SORTS as readonly (string | null)[]).includes(value) || CUSTOM_SORT.test(value ?? '');

/** Anything the API would refuse (a typo in a shared link) is dropped rather than shown as an error. */
export function parseDealFilter(params: URLSearchParams): DealAddressFilter {
  const filter: DealAddressFilter = {};
  const pipeline = positiveId(params.get('pipeline'));
  if (pipeline) filter.pipeline = pipeline;
  const q = params.get('q')?.trim().slice(0, DEAL_LIMITS.searchMax);
  if (q) filter.q = q;
  const owner = positiveId(params.get('owner_id'));
  if (owner) filter.owner_id = owner;
  const tag = params.get('tag')?.trim().toLowerCase().slice(0, 40);
  if (tag) filter.tag = tag;
  const from = day(params.get('close_from'));
  if (from) filter.close_from = from;
  const to = day(params.get('close_to'));
  if (to) filter.close_to = to;
  const sort = params.get('sort');
  if (isSort(sort)) filter.sort = sort;
  const dir = params.get('dir');
  if (dir === 'asc' || dir === 'desc') filter.dir = dir;
  return Object.assign(filter, parseCustomParams(params));
}

/** The filters the API takes on both screens (no pipeline, no order). */
export function apiFilterOf(filter: DealAddressFilter) {
  const { pipeline: _pipeline, sort: _sort, dir: _dir, ...rest } = filter;
  return rest;
}

/**
 * The list's order as the API takes it: an own field's sort says its direction by a leading
 * `-` (the API's `dir` is for the built-in sorts).
 */
export function listOrderOf(filter: DealAddressFilter): {
  sort: DealListSort | `-${CustomDealSort}`;
  dir: 'asc' | 'desc';
} {
  const sort = filter.sort ?? 'updated_at';
  const custom = sort.startsWith('custom.');
  const dir = filter.dir ?? (custom ? 'asc' : 'desc');
  return { sort: custom && dir === 'desc' ? `-${sort as CustomDealSort}` : sort, dir };
}
