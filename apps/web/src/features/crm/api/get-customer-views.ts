import type { CustomerViews } from '@kontora/contract/customer-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';

export const customerViewsPath = (companyId: number) => `/companies/${companyId}/customer-views`;
export const customerViewsKey = (companyId: number) => [...crmKeys.all(companyId), 'views'] as const;

/** The person's own and the company's shared saved views, and the person's columns. */
export const customerViewsOptions = (companyId: number) =>
  queryOptions({
    queryKey: customerViewsKey(companyId),
    queryFn: ({ signal }) => api.get<CustomerViews>(customerViewsPath(companyId), { signal }),
    staleTime: 60_000,
  });

export function useCustomerViews(companyId: number) {
  return useQuery(customerViewsOptions(companyId));
}
