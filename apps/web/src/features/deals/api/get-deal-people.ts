import type { Customer } from '@kontora/contract/customers';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

/** The names of a deal's people (at most 50), each from the customer's own cached answer. */
export function useDealPeople(companyId: number, ids: readonly number[]): Map<number, string> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: crmKeys.customer(companyId, id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<Customer>(`${customersPath(companyId)}/${id}`, { signal }),
      staleTime: 60_000,
    })),
  });
  return new Map(
    results.flatMap((result) => (result.data ? [[result.data.id, result.data.name] as const] : [])),
  );
}
