import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function deleteCustomer(companyId: number, id: number): Promise<void> {
  return api.delete<void>(`${customersPath(companyId)}/${id}`);
}

export function useDeleteCustomer(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCustomer(companyId, id),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
