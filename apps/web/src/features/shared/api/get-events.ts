import type {
  EventCreateInput,
  EventFilter,
  EventPage,
  EventUpdateInput,
  TodoEvent,
} from '@kontora/contract/events';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { crmKeys, invalidateCrm } from './crm-keys.ts';

export type EventListParams = {
  /** Events overlapping [from, to): ISO instants. */
  from?: string;
  to?: string;
  filter?: EventFilter[];
  customer_id?: number;
  assignee_id?: number;
  dir?: 'asc' | 'desc';
  limit?: number;
};

const eventsPath = (companyId: number) => `/companies/${companyId}/events`;

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

/** One page (up to `limit`, at most 1000): the calendar's range, a customer's to-dos. */
export function useEvents(companyId: number, params: EventListParams, enabled = true) {
  return useQuery({
    queryKey: crmKeys.eventList(companyId, params),
    queryFn: ({ signal }) => getEvents(companyId, params, signal),
    enabled,
  });
}

/** The to-do list: pages by cursor. */
export function useEventPages(companyId: number, params: EventListParams) {
  return useInfiniteQuery({
    queryKey: crmKeys.eventList(companyId, { ...params, pages: true }),
    queryFn: ({ pageParam, signal }) =>
      getEvents(companyId, { ...params, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useCreateEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventCreateInput) => api.post<TodoEvent>(eventsPath(companyId), body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

/** Edits, moves and resizes (a move sends `start_at`, `end_at`, `all_day`). */
export function useUpdateEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EventUpdateInput }) =>
      api.patch<TodoEvent>(`${eventsPath(companyId)}/${id}`, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

export function useSetEventDone(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done }: { id: number; done: boolean }) =>
      done
        ? api.post<TodoEvent>(`${eventsPath(companyId)}/${id}/done`)
        : api.delete<TodoEvent>(`${eventsPath(companyId)}/${id}/done`),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}

export function useDeleteEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${eventsPath(companyId)}/${id}`),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
