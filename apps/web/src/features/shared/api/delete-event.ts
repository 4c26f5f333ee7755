import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from './crm-keys.ts';
import { eventsPath } from './get-events.ts';

export function deleteEvent(companyId: number, id: number): Promise<void> {
  return api.delete<void>(`${eventsPath(companyId)}/${id}`);
}

export function useDeleteEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteEvent(companyId, id),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
