import type { DealSort, DealStatus } from '@kontora/contract/deal-values';
import type { DealPage } from '@kontora/contract/deals';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CustomParams } from '../lib/custom-params.ts';
import { dealKeys, dealsPath } from './deal-keys.ts';

/**
 * What the deal list, the board and a customer's deals filter on (`DealFilter` of the contract);
 * the list and the export also take own-field filters under their API names (`custom.{key}…`).
 */
export type DealFilterParams = CustomParams & {
  pipeline_id?: number;
  stage_id?: number;
  status?: DealStatus;
  owner_id?: number;
  customer_id?: number;
  q?: string;
  tag?: string;
  close_from?: string;
  close_to?: string;
};

/** A built-in order (with `dir`), or an own field's: `custom.{key}`, `-custom.{key}` descending. */
export type DealListParams = DealFilterParams & {
  sort?: DealSort | `custom.${string}` | `-custom.${string}`;
  dir?: 'asc' | 'desc';
};

export function getDeals(
  companyId: number,
  params: DealListParams & { cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<DealPage> {
  return api.get<DealPage>(dealsPath(companyId), { query: params, signal });
}

/** Keyset pages: each page asks for the next with the previous page's `next_cursor`. */
export const dealPagesOptions = (companyId: number, params: DealListParams, limit = 50) =>
  infiniteQueryOptions({
    queryKey: dealKeys.list(companyId, { ...params, limit }),
    queryFn: ({ pageParam, signal }) =>
      getDeals(companyId, { ...params, limit, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    placeholderData: keepPreviousData,
  });

export function useDealPages(companyId: number, params: DealListParams, limit = 50) {
  return useInfiniteQuery(dealPagesOptions(companyId, params, limit));
}

/** A few deals whose title or organisation matches `q` (the top-bar search); disabled while `q` is empty. */
export function useDealSearch(companyId: number, q: string, limit = 5) {
  return useQuery({
    queryKey: dealKeys.list(companyId, { q, limit, search: true }),
    queryFn: ({ signal }) => getDeals(companyId, { q, limit }, signal),
    enabled: q.trim() !== '',
    staleTime: 10_000,
  });
}
