import type { RevokedSessions } from '@kontora/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Ends every session of the person at once (audited). */
export function revokeUserSessions(id: number): Promise<RevokedSessions> {
  return api.post<RevokedSessions>(`/admin/users/${id}/sessions/revoke`);
}

export function useRevokeUserSessions(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeUserSessions(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}
