import type { CalendarFeed, CalendarFeedInput } from '@kontora/contract/calendar-feed';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `/companies/{id}/calendar-feed`: the caller's private feed address (GET), a new one (POST), off (DELETE). */
const feedPath = (companyId: number) => `/companies/${companyId}/calendar-feed`;
const feedKey = (companyId: number) => ['calendar-feed', companyId] as const;

export function useCalendarFeed(companyId: number) {
  return useQuery({
    queryKey: feedKey(companyId),
    queryFn: ({ signal }) => api.get<CalendarFeed>(feedPath(companyId), { signal }),
  });
}

/** Turns the feed on or gives it a new address, or (with `null`) turns it off; the answer replaces the cache. */
export function useChangeCalendarFeed(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CalendarFeedInput | null): Promise<CalendarFeed> => {
      if (body) return api.post<CalendarFeed>(feedPath(companyId), body);
      await api.delete<void>(feedPath(companyId));
      return { enabled: false, url: null, scope: null, created_at: null };
    },
    onSuccess: (feed) => queryClient.setQueryData(feedKey(companyId), feed),
  });
}
