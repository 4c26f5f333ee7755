import type { CustomerBulkFilterBody, CustomerBulkFilterResult } from '@kontora/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

/** A bulk action on every customer matching a filter, applied by the server (not just to the loaded rows). */
export function bulkCustomersByFilter(
  companyId: number,
  body: CustomerBulkFilterBody,
): Promise<CustomerBulkFilterResult> {
  return api.post<CustomerBulkFilterResult>(`${customersPath(companyId)}/bulk-by-filter`, body);
}

export function useBulkCustomersByFilter(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerBulkFilterBody) => bulkCustomersByFilter(companyId, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
