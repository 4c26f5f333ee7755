import type { CustomerView, CustomerViewInput } from '@kontora/contract/customer-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { customerViewsKey, customerViewsPath } from './get-customer-views.ts';

export function useCreateCustomerView(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<CustomerViewInput>) =>
      api.post<CustomerView>(customerViewsPath(companyId), body, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerViewsKey(companyId) }),
  });
}
