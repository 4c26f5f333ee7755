import type { CustomerCount, CustomerMatch } from '@kontora/contract/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

/** How many customers match: exact up to the server's cap, then `capped`. Under the customers key, so writes refetch it. */
export const customerCountOptions = (companyId: number, match: CustomerMatch) =>
  queryOptions({
    queryKey: [...crmKeys.customers(companyId), 'count', match] as const,
    queryFn: ({ signal }) =>
      api.get<CustomerCount>(`${customersPath(companyId)}/count`, { query: match, signal }),
    placeholderData: keepPreviousData,
  });

export function useCustomerCount(companyId: number, match: CustomerMatch) {
  return useQuery(customerCountOptions(companyId, match));
}
