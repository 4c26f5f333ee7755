import type { AdminCompany, UpdateCompanyBody } from '@kontora/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAdmin } from './invalidate.ts';

/** Details, or `{is_active}` alone to deactivate or reactivate. */
export function updateCompany(id: number, body: UpdateCompanyBody): Promise<AdminCompany> {
  return api.patch<AdminCompany>(`/admin/companies/${id}`, body);
}

export function useUpdateCompany(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyBody) => updateCompany(id, body),
    onSuccess: (company) => {
      queryClient.setQueryData(['admin', 'company', id], company);
      return invalidateAdmin(queryClient);
    },
  });
}
