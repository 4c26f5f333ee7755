import type { Customer, CustomerUpdateInput } from '@kontora/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys, invalidateCrm } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

/** Send the `version` last read: a change made meanwhile answers 409 `stale_update`. */
export function updateCustomer(companyId: number, id: number, body: CustomerUpdateInput): Promise<Customer> {
  return api.patch<Customer>(`${customersPath(companyId)}/${id}`, body);
}

export function useUpdateCustomer(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerUpdateInput) => updateCustomer(companyId, id, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(crmKeys.customer(companyId, id), customer);
      return invalidateCrm(queryClient, companyId);
    },
  });
}
