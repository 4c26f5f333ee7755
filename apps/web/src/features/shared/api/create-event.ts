import type { EventCreateInput, TodoEvent } from '@kontora/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from './crm-keys.ts';
import { eventsPath } from './get-events.ts';

export function createEvent(companyId: number, body: EventCreateInput): Promise<TodoEvent> {
  return api.post<TodoEvent>(eventsPath(companyId), body);
}

export function useCreateEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventCreateInput) => createEvent(companyId, body),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
