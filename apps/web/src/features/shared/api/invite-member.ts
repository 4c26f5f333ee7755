import type { InvitationData } from '@kontora/contract/invitations';
import type { InviteMemberBody } from '@kontora/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { invalidateTeam } from './invalidate-team.ts';

/**
 * Invites a person by email (owners, admins, superusers). The answer is the
 * same whether the email has an account or not; the person joins by accepting
 * (409 `already_member`, `already_invited`).
 */
export function inviteMember(
  companyId: number,
  body: InviteMemberBody,
  key?: string,
): Promise<InvitationData> {
  return api.post<InvitationData>(`/companies/${companyId}/invitations`, body, { idempotencyKey: key });
}

export function useInviteMember(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<InviteMemberBody>) => inviteMember(companyId, body, key),
    onSuccess: () => invalidateTeam(queryClient, companyId),
  });
}
