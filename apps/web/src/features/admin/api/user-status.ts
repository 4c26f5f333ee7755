import type { AdminUser } from '@kontora/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAdmin } from './invalidate.ts';

/** Bodiless POSTs: disabling ends all the person's sessions at once. */
export function disableUser(id: number): Promise<AdminUser> {
  return api.post<AdminUser>(`/admin/users/${id}/disable`);
}

export function enableUser(id: number): Promise<AdminUser> {
  return api.post<AdminUser>(`/admin/users/${id}/enable`);
}

/** A new activation mail; earlier links stop working (409 `not_invited` once activated). */
export function resendInvitation(id: number): Promise<{ sent: true }> {
  return api.post<{ sent: true }>(`/admin/users/${id}/resend-invitation`);
}

function useUserAction(id: number, action: (id: number) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => action(id),
    onSuccess: (user) => {
      queryClient.setQueryData(['admin', 'user', id], user);
      return invalidateAdmin(queryClient);
    },
  });
}

export const useDisableUser = (id: number) => useUserAction(id, disableUser);
export const useEnableUser = (id: number) => useUserAction(id, enableUser);

export function useResendInvitation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendInvitation(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}
