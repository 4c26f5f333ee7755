import type { RevokedSessions } from '@kontora/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

/** Every session but this one ends. */
export function revokeOtherSessions(): Promise<RevokedSessions> {
  return api.post<RevokedSessions>('/me/sessions/revoke-others');
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
