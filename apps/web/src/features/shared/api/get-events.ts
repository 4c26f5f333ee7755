import type { EventFilter, EventPage } from '@kontora/contract/events';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from './crm-keys.ts';

export type EventListParams = {
  /** Events overlapping [from, to): ISO instants. */
  from?: string;
  to?: string;
  filter?: EventFilter[];
  customer_id?: number;
  deal_id?: number;
  assignee_id?: number;
  dir?: 'asc' | 'desc';
  limit?: number;
};

/** The events collection; the single-event endpoints hang below it. */
export const eventsPath = (companyId: number) => `/companies/${companyId}/events`;

export function getEvents(
  companyId: number,
  params: EventListParams & { cursor?: string },
  signal?: AbortSignal,
): Promise<EventPage> {
  const { filter, ...rest } = params;
  return api.get<EventPage>(eventsPath(companyId), {
    query: { ...rest, filter: filter?.length ? filter.join(',') : undefined },
    signal,
  });
}

export const eventsQueryOptions = (companyId: number, params: EventListParams) =>
  queryOptions({
    queryKey: crmKeys.eventList(companyId, params),
    queryFn: ({ signal }) => getEvents(companyId, params, signal),
  });

/** One page (up to `limit`, at most 1000): the calendar's range, a customer's to-dos. */
export function useEvents(companyId: number, params: EventListParams, enabled = true) {
  return useQuery({ ...eventsQueryOptions(companyId, params), enabled });
}

/** The to-do list: pages by cursor. */
export const eventPagesOptions = (companyId: number, params: EventListParams) =>
  infiniteQueryOptions({
    queryKey: crmKeys.eventList(companyId, { ...params, pages: true }),
    queryFn: ({ pageParam, signal }) =>
      getEvents(companyId, { ...params, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Another view keeps the previous to-dos on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useEventPages(companyId: number, params: EventListParams) {
  return useInfiniteQuery(eventPagesOptions(companyId, params));
}
