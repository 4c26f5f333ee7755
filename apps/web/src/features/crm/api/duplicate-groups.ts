import type { DuplicateGroupsPage, DuplicateScan } from '@kontora/contract/customer-duplicates';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

const groupsPath = (companyId: number) => `${customersPath(companyId)}/duplicate-groups`;

export function getDuplicateGroups(companyId: number, offset: number, signal?: AbortSignal) {
  return api.get<DuplicateGroupsPage>(groupsPath(companyId), { query: { offset, limit: 50 }, signal });
}

/**
 * Pages of the latest scan's groups. While the scan runs they are asked again every second,
 * unless `followedLive`: then the scan job's live messages carry its progress (decision 028).
 */
export const duplicateGroupsOptions = (companyId: number, followedLive = false) =>
  infiniteQueryOptions({
    queryKey: crmKeys.duplicateGroups(companyId),
    queryFn: ({ pageParam, signal }) => getDuplicateGroups(companyId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_offset ?? undefined,
    refetchInterval: (query) =>
      !followedLive && query.state.data?.pages[0]?.scan?.state === 'running' ? 1000 : false,
  });

export function useDuplicateGroups(companyId: number, followedLive = false) {
  return useInfiniteQuery(duplicateGroupsOptions(companyId, followedLive));
}

/** The groups again, once the scan's job has settled. */
export function useRefreshDuplicateGroups(companyId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: crmKeys.duplicateGroups(companyId) }),
    [queryClient, companyId],
  );
}

export function startDuplicateScan(companyId: number): Promise<DuplicateScan> {
  return api.post<DuplicateScan>(groupsPath(companyId));
}

export function useStartDuplicateScan(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startDuplicateScan(companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.duplicateGroups(companyId) }),
  });
}
