import type { Deal, DealCreateInput, DealUpdateInput } from '@kontora/contract/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { dealKeys, dealsPath } from '../../shared/api/deal-keys.ts';

export function useCreateDeal(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealCreateInput) => api.post<Deal>(dealsPath(companyId), body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

/** Send the `version` last read: a change made meanwhile answers 409 `stale_update`. */
export function useUpdateDeal(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealUpdateInput) => api.patch<Deal>(`${dealsPath(companyId)}/${id}`, body),
    onSuccess: (deal) => {
      queryClient.setQueryData(dealKeys.deal(companyId, id), deal);
      return invalidateCrm(queryClient, companyId);
    },
  });
}

export function useDeleteDeal(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${dealsPath(companyId)}/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: dealKeys.deal(companyId, id) });
      return invalidateCrm(queryClient, companyId);
    },
  });
}
