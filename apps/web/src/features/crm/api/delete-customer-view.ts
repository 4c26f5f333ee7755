import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerViewsKey, customerViewsPath } from './get-customer-views.ts';

export function useDeleteCustomerView(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${customerViewsPath(companyId)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerViewsKey(companyId) }),
  });
}
