import type { LostReasons } from '@kontora/contract/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dealKeys, lostReasonsPath } from './deal-keys.ts';

export const lostReasonsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: dealKeys.lostReasons(companyId),
    queryFn: ({ signal }) => api.get<LostReasons>(lostReasonsPath(companyId), { signal }),
    staleTime: 30_000,
  });

/** The company's reasons a deal is lost, in order. */
export function useLostReasons(companyId: number) {
  return useQuery(lostReasonsQueryOptions(companyId));
}
