import type { Customer } from '@kontora/contract/customers';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

/** A deal's people (at most 50) as loaded so far, each from the customer's own cached answer. */
export function useDealCustomers(companyId: number, ids: readonly number[]): Customer[] {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: crmKeys.customer(companyId, id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<Customer>(`${customersPath(companyId)}/${id}`, { signal }),
      staleTime: 60_000,
    })),
  });
  return results.flatMap((result) => (result.data ? [result.data] : []));
}

/** Their names by id. */
export const namesOf = (customers: readonly Customer[]): Map<number, string> =>
  new Map(customers.map((customer) => [customer.id, customer.name]));
