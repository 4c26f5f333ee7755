import type { CustomerBulkBody, CustomerBulkResult } from '@kontora/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function bulkCustomers(companyId: number, body: CustomerBulkBody): Promise<CustomerBulkResult> {
  return api.post<CustomerBulkResult>(`${customersPath(companyId)}/bulk`, body);
}

export function useBulkCustomers(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerBulkBody) => bulkCustomers(companyId, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
