import type { Customer, CustomerCreateInput } from '@kontora/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function createCustomer(
  companyId: number,
  body: CustomerCreateInput,
  key?: string,
): Promise<Customer> {
  return api.post<Customer>(customersPath(companyId), body, { idempotencyKey: key });
}

export function useCreateCustomer(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<CustomerCreateInput>) => createCustomer(companyId, body, key),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
