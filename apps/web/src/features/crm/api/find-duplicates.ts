import type { DuplicateMatches, DuplicateQuery } from '@kontora/contract/customer-duplicates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export type DuplicateParams = Partial<Record<Exclude<keyof DuplicateQuery, 'exclude_id'>, string>> & {
  exclude_id?: number;
};

export function findDuplicates(
  companyId: number,
  params: DuplicateParams,
  signal?: AbortSignal,
): Promise<DuplicateMatches> {
  return api.get<DuplicateMatches>(`${customersPath(companyId)}/duplicates`, { query: params, signal });
}

const hasValue = (p: DuplicateParams) => Boolean(p.name || p.email || p.phone || p.oib);

export const duplicatesQueryOptions = (companyId: number, params: DuplicateParams) =>
  queryOptions({
    queryKey: [...crmKeys.customers(companyId), 'duplicates', params] as const,
    queryFn: ({ signal }) => findDuplicates(companyId, params, signal),
    enabled: hasValue(params),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** Likely duplicates of the record being typed (`params` already debounced by the caller). */
export function useDuplicates(companyId: number, params: DuplicateParams) {
  return useQuery(duplicatesQueryOptions(companyId, params));
}
