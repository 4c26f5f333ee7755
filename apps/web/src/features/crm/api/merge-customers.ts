import type { MergeInput, MergeResult } from '@kontora/contract/customer-duplicates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function mergeCustomers(companyId: number, body: MergeInput): Promise<MergeResult> {
  return api.post<MergeResult>(`${customersPath(companyId)}/merge`, body);
}

export function useMergeCustomers(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeInput) => mergeCustomers(companyId, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
