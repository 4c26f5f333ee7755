import type { Customer } from '@kontora/contract/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function getCustomer(companyId: number, id: number): Promise<Customer> {
  return api.get<Customer>(`${customersPath(companyId)}/${id}`);
}

export const customerQueryOptions = (companyId: number, id: number) =>
  queryOptions({ queryKey: crmKeys.customer(companyId, id), queryFn: () => getCustomer(companyId, id) });

export function useCustomer(companyId: number, id: number) {
  return useQuery(customerQueryOptions(companyId, id));
}
