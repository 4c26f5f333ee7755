import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { signOutLocally } from '../../../lib/session.ts';

export function logout(): Promise<void> {
  return api.post<void>('/logout');
}

/**
 * Revokes the token on the server, then clears localStorage and the query cache
 * and returns to the login screen. A failed revoke (offline, already expired)
 * still signs out here: the person asked to leave.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local sign-out below is what the person sees; the token expires on its own.
    }
    signOutLocally();
    queryClient.clear();
    await navigate(paths.auth.login.href(), { replace: true });
  }, [navigate, queryClient]);
}
