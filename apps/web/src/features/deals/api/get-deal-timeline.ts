import type { DealTimelinePage } from '@kontora/contract/deals';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dealKeys, dealsPath } from '../../shared/api/deal-keys.ts';

export const dealTimelineOptions = (companyId: number, id: number) =>
  infiniteQueryOptions({
    queryKey: dealKeys.timeline(companyId, id),
    queryFn: ({ pageParam, signal }) =>
      api.get<DealTimelinePage>(`${dealsPath(companyId)}/${id}/timeline`, {
        query: { cursor: pageParam ?? undefined, limit: 30 },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

/** A deal's changes, newest first, with who and when. */
export function useDealTimeline(companyId: number, id: number) {
  return useInfiniteQuery(dealTimelineOptions(companyId, id));
}
