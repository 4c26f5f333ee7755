import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCrm } from './crm-keys.ts';
import { eventsPath } from './get-events.ts';
import { type OccurrenceTarget, occurrenceQuery } from './occurrence-query.ts';

export function deleteEvent(
  companyId: number,
  id: number,
  occurrence?: OccurrenceTarget | null,
): Promise<void> {
  return api.delete<void>(`${eventsPath(companyId)}/${id}${occurrenceQuery(occurrence)}`);
}

export function useDeleteEvent(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, occurrence }: { id: number; occurrence?: OccurrenceTarget | null }) =>
      deleteEvent(companyId, id, occurrence),
    onSuccess: () => invalidateCrm(queryClient, companyId),
  });
}
