import type { TimelinePage } from '@kontora/contract/customer-timeline';
import type {
  Customer,
  CustomerBulkBody,
  CustomerBulkResult,
  CustomerCreateInput,
  CustomerPage,
  CustomerStatus,
  CustomerUpdateInput,
} from '@kontora/contract/customers';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys, invalidateCrm } from './crm-keys.ts';

/** What the list and the CSV export filter on (PRODUCT.md §7); empty values are left out. */
export type CustomerFilterParams = {
  q?: string;
  status?: CustomerStatus;
  owner_id?: number;
  tag?: string;
  sort?: 'name' | 'created_at' | 'updated_at';
  dir?: 'asc' | 'desc';
};

const customersPath = (companyId: number) => `/companies/${companyId}/customers`;

export function getCustomers(
  companyId: number,
  params: CustomerFilterParams & { cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<CustomerPage> {
  return api.get<CustomerPage>(customersPath(companyId), { query: params, signal });
}

/** Keyset pages: each page asks for the next with the previous page's `next_cursor`. */
export const customerPagesOptions = (companyId: number, filter: CustomerFilterParams, limit = 50) =>
  infiniteQueryOptions({
    queryKey: crmKeys.customerList(companyId, { ...filter, limit }),
    queryFn: ({ pageParam, signal }) =>
      getCustomers(companyId, { ...filter, limit, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // While another filter or sort loads, the rows of the previous one stay (no flash of a spinner).
    placeholderData: keepPreviousData,
  });

export function useCustomerPages(companyId: number, filter: CustomerFilterParams, limit = 50) {
  return useInfiniteQuery(customerPagesOptions(companyId, filter, limit));
}

/** A few customers matching `q` (pickers, the top-bar search); disabled while `q` is empty. */
export function useCustomerSearch(companyId: number, q: string, limit = 8) {
  return useQuery({
    queryKey: crmKeys.customerList(companyId, { q, limit, search: true }),
    queryFn: ({ signal }) => getCustomers(companyId, { q, limit }, signal),
    enabled: q.trim() !== '',
    staleTime: 10_000,
  });
}

export function useCustomer(companyId: number, id: number) {
  return useQuery({
    queryKey: crmKeys.customer(companyId, id),
    queryFn: () => api.get<Customer>(`${customersPath(companyId)}/${id}`),
  });
}

export function useCreateCustomer(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerCreateInput) => api.post<Customer>(customersPath(companyId), body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

/** Send the `version` last read: a change made meanwhile answers 409 `stale_update`. */
export function useUpdateCustomer(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerUpdateInput) => api.patch<Customer>(`${customersPath(companyId)}/${id}`, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(crmKeys.customer(companyId, id), customer);
      return invalidateCrm(queryClient, companyId);
    },
  });
}

export function useDeleteCustomer(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${customersPath(companyId)}/${id}`),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

export function useBulkCustomers(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerBulkBody) =>
      api.post<CustomerBulkResult>(`${customersPath(companyId)}/bulk`, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

/** Notes and changes, newest first. */
export function useTimeline(companyId: number, id: number) {
  return useInfiniteQuery({
    queryKey: crmKeys.timeline(companyId, id),
    queryFn: ({ pageParam, signal }) =>
      api.get<TimelinePage>(`${customersPath(companyId)}/${id}/timeline`, {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useAddNote(companyId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<unknown>(`${customersPath(companyId)}/${id}/timeline`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.timeline(companyId, id) }),
  });
}
