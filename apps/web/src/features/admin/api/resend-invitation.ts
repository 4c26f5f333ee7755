import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A new activation mail; earlier links stop working (409 `not_invited` once activated). */
export function resendInvitation(id: number): Promise<{ sent: true }> {
  return api.post<{ sent: true }>(`/admin/users/${id}/resend-invitation`);
}

export function useResendInvitation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendInvitation(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}
