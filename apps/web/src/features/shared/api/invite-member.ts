import type { InviteMemberBody, Member } from '@kontora/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate-team.ts';

/**
 * Adds a person by email: an existing account joins at once, anyone else is
 * invited by mail (owners, admins, superusers; 409 `already_member`).
 */
export function inviteMember(companyId: number, body: InviteMemberBody): Promise<Member> {
  return api.post<Member>(`/companies/${companyId}/members`, body);
}

export function useInviteMember(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberBody) => inviteMember(companyId, body),
    onSuccess: () => invalidateTeam(queryClient, companyId),
  });
}
