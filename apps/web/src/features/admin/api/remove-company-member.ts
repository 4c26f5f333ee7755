import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAdmin } from './invalidate.ts';

export function removeCompanyMember(companyId: number, userId: number): Promise<void> {
  return api.delete<void>(`/admin/companies/${companyId}/members/${userId}`);
}

export function useRemoveCompanyMember(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeCompanyMember(companyId, userId),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}
