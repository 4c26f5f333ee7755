import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

/** Signs out one of the person's other devices at once. */
export function revokeSession(id: number): Promise<void> {
  return api.delete<void>(`/me/sessions/${id}`);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
