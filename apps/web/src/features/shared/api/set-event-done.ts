import type { TodoEvent } from '@kontora/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from './crm-keys.ts';
import { eventsPath } from './get-events.ts';

/** `/events/{id}/done`: POST marks the to-do done, DELETE opens it again; one occurrence of a series. */
export function setEventDone(
  companyId: number,
  id: number,
  done: boolean,
  occurrenceStart: string | null = null,
): Promise<TodoEvent> {
  const query = occurrenceStart ? `?occurrence=${encodeURIComponent(occurrenceStart)}` : '';
  const path = `${eventsPath(companyId)}/${id}/done${query}`;
  return done ? api.post<TodoEvent>(path) : api.delete<TodoEvent>(path);
}

export function useSetEventDone(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      done,
      occurrenceStart,
    }: {
      id: number;
      done: boolean;
      occurrenceStart?: string | null;
    }) => setEventDone(companyId, id, done, occurrenceStart ?? null),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
