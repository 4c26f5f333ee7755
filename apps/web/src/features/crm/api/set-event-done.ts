import type { TodoEvent } from '@kontora/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { eventsPath } from '../../shared/api/get-events.ts';

/** `/events/{id}/done`: POST marks the to-do done, DELETE opens it again. */
export function setEventDone(companyId: number, id: number, done: boolean): Promise<TodoEvent> {
  const path = `${eventsPath(companyId)}/${id}/done`;
  return done ? api.post<TodoEvent>(path) : api.delete<TodoEvent>(path);
}

export function useSetEventDone(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done }: { id: number; done: boolean }) => setEventDone(companyId, id, done),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
