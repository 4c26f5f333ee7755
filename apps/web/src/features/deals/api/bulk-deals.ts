import type {
  DealBulkBody,
  DealBulkFilterBody,
  DealBulkFilterResult,
  DealBulkResult,
} from '@kontora/contract/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { dealsPath } from '../../shared/api/deal-keys.ts';

/** Owner, stage or deletion of the chosen deals at once. */
export function useBulkDeals(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealBulkBody) => api.post<DealBulkResult>(`${dealsPath(companyId)}/bulk`, body),
    onSettled: () => invalidateCrm(queryClient, companyId),
  });
}

/** A bulk change of every deal matching the list's filters, applied by the server (not just to the loaded rows). */
export function useBulkDealsByFilter(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealBulkFilterBody) =>
      api.post<DealBulkFilterResult>(`${dealsPath(companyId)}/bulk-by-filter`, body),
    onSettled: () => invalidateCrm(queryClient, companyId),
  });
}
