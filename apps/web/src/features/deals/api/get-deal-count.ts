import type { DealCount, DealMatchQuery } from '@kontora/contract/deals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dealKeys, dealsPath } from '../../shared/api/deal-keys.ts';

/** How many deals match the list's filters: exact up to the server's cap, then `capped`. Under the deals key, so writes refetch it. */
export function useDealCount(companyId: number, match: DealMatchQuery) {
  return useQuery({
    queryKey: [...dealKeys.all(companyId), 'count', match] as const,
    queryFn: ({ signal }) =>
      api.get<DealCount>(`${dealsPath(companyId)}/count`, { query: match as Record<string, never>, signal }),
    placeholderData: keepPreviousData,
  });
}
