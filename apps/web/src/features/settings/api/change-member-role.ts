import type { CompanyRole } from '@kontora/contract/limits';
import type { Member } from '@kontora/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from '../../shared/api/invalidate-team.ts';

/** Only owners touch owners; the last owner cannot be demoted (409 `last_owner`). */
export function changeMemberRole(companyId: number, userId: number, role: CompanyRole): Promise<Member> {
  return api.patch<Member>(`/companies/${companyId}/members/${userId}`, { role });
}

export function useChangeMemberRole(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: CompanyRole }) =>
      changeMemberRole(companyId, userId, role),
    onSuccess: () => invalidateTeam(queryClient, companyId),
  });
}
