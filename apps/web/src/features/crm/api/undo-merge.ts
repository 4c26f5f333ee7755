import type { UndoMergeResult } from '@kontora/contract/customer-duplicates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function undoMerge(companyId: number, mergeId: number): Promise<UndoMergeResult> {
  return api.post<UndoMergeResult>(`${customersPath(companyId)}/merges/${mergeId}/undo`);
}

export function useUndoMerge(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mergeId: number) => undoMerge(companyId, mergeId),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
