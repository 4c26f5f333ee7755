import type { CustomerView, CustomerViewInput } from '@kontora/contract/customer-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerViewsKey, customerViewsPath } from './get-customer-views.ts';

export function useCreateCustomerView(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerViewInput) => api.post<CustomerView>(customerViewsPath(companyId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerViewsKey(companyId) }),
  });
}
