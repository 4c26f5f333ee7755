import type { DuplicateGroupsPage, DuplicateScan } from '@kontora/contract/customer-duplicates';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

const groupsPath = (companyId: number) => `${customersPath(companyId)}/duplicate-groups`;
const groupsKey = (companyId: number) => [...crmKeys.customers(companyId), 'duplicate-groups'] as const;

export function getDuplicateGroups(companyId: number, offset: number, signal?: AbortSignal) {
  return api.get<DuplicateGroupsPage>(groupsPath(companyId), { query: { offset, limit: 50 }, signal });
}

/** Pages of the latest scan's groups; asked again every second while the scan runs (its progress). */
export const duplicateGroupsOptions = (companyId: number) =>
  infiniteQueryOptions({
    queryKey: groupsKey(companyId),
    queryFn: ({ pageParam, signal }) => getDuplicateGroups(companyId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_offset ?? undefined,
    refetchInterval: (query) => (query.state.data?.pages[0]?.scan?.state === 'running' ? 1000 : false),
  });

export function useDuplicateGroups(companyId: number) {
  return useInfiniteQuery(duplicateGroupsOptions(companyId));
}

export function startDuplicateScan(companyId: number): Promise<DuplicateScan> {
  return api.post<DuplicateScan>(groupsPath(companyId));
}

export function useStartDuplicateScan(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startDuplicateScan(companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey(companyId) }),
  });
}
