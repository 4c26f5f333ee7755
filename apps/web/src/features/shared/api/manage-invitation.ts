import type { InvitationData } from '@kontora/contract/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invitationsQueryOptions } from './get-invitations.ts';

/** A new link valid 14 days from now; the earlier link stops working. */
export function resendCompanyInvitation(companyId: number, id: number): Promise<InvitationData> {
  return api.post<InvitationData>(`/companies/${companyId}/invitations/${id}/resend`);
}

/** The invitation's link stops working and it leaves the list. */
export function revokeCompanyInvitation(companyId: number, id: number): Promise<void> {
  return api.delete<void>(`/companies/${companyId}/invitations/${id}`);
}

export function useResendCompanyInvitation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => resendCompanyInvitation(companyId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(companyId).queryKey }),
  });
}

export function useRevokeCompanyInvitation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeCompanyInvitation(companyId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(companyId).queryKey }),
  });
}
