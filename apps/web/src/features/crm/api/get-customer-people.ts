import type { CustomerPeoplePage } from '@kontora/contract/customers';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function getCustomerPeople(
  companyId: number,
  id: number,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CustomerPeoplePage> {
  return api.get<CustomerPeoplePage>(`${customersPath(companyId)}/${id}/people`, {
    query: { cursor, limit: 25 },
    signal,
  });
}

/** An organisation's people with their roles, in the order they joined. */
export const customerPeopleQueryOptions = (companyId: number, id: number) =>
  infiniteQueryOptions({
    // Under the customers' key: any customer write refetches it.
    queryKey: [...crmKeys.customers(companyId), 'people', id] as const,
    queryFn: ({ pageParam, signal }) => getCustomerPeople(companyId, id, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export function useCustomerPeople(companyId: number, id: number) {
  return useInfiniteQuery(customerPeopleQueryOptions(companyId, id));
}
