import type { Deal } from '@kontora/contract/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dealKeys, dealsPath } from '../../shared/api/deal-keys.ts';

export const dealQueryOptions = (companyId: number, id: number) =>
  queryOptions({
    queryKey: dealKeys.deal(companyId, id),
    queryFn: ({ signal }) => api.get<Deal>(`${dealsPath(companyId)}/${id}`, { signal }),
  });

export function useDeal(companyId: number, id: number) {
  return useQuery({ ...dealQueryOptions(companyId, id), enabled: id > 0 });
}
