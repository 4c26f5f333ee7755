import type { EventUpdateInput, TodoEvent } from '@kontora/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from './crm-keys.ts';
import { eventsPath } from './get-events.ts';
import { type OccurrenceTarget, occurrenceQuery } from './occurrence-query.ts';

/** Edits, moves and resizes (a move sends `start_at`, `end_at`, `all_day`); of a series: which occurrences. */
export function updateEvent(
  companyId: number,
  id: number,
  body: EventUpdateInput,
  occurrence?: OccurrenceTarget | null,
): Promise<TodoEvent> {
  return api.patch<TodoEvent>(`${eventsPath(companyId)}/${id}${occurrenceQuery(occurrence)}`, body);
}

export function useUpdateEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      occurrence,
    }: {
      id: number;
      body: EventUpdateInput;
      occurrence?: OccurrenceTarget | null;
    }) => updateEvent(companyId, id, body, occurrence),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
