import type { EventCreateInput, TodoEvent } from '@kontora/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { invalidateCrm } from './crm-keys.ts';
import { eventsPath } from './get-events.ts';

export function createEvent(companyId: number, body: EventCreateInput, key?: string): Promise<TodoEvent> {
  return api.post<TodoEvent>(eventsPath(companyId), body, { idempotencyKey: key });
}

export function useCreateEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<EventCreateInput>) => createEvent(companyId, body, key),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
