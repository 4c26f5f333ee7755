import type { EventUpdateInput, TodoEvent } from '@kontora/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from './crm-keys.ts';
import { eventsPath } from './get-events.ts';

/** Edits, moves and resizes (a move sends `start_at`, `end_at`, `all_day`). */
export function updateEvent(companyId: number, id: number, body: EventUpdateInput): Promise<TodoEvent> {
  return api.patch<TodoEvent>(`${eventsPath(companyId)}/${id}`, body);
}

export function useUpdateEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EventUpdateInput }) => updateEvent(companyId, id, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
