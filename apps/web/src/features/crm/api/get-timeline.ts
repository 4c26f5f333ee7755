import type { TimelinePage } from '@kontora/contract/customer-timeline';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { customersPath } from '../../shared/api/get-customers.ts';

export function getTimeline(
  companyId: number,
  id: number,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TimelinePage> {
  return api.get<TimelinePage>(`${customersPath(companyId)}/${id}/timeline`, { query: { cursor }, signal });
}

/** Notes and changes, newest first. */
export const timelineQueryOptions = (companyId: number, id: number) =>
  infiniteQueryOptions({
    queryKey: crmKeys.timeline(companyId, id),
    queryFn: ({ pageParam, signal }) => getTimeline(companyId, id, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export function useTimeline(companyId: number, id: number) {
  return useInfiniteQuery(timelineQueryOptions(companyId, id));
}
