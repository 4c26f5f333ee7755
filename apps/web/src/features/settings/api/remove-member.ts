import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from '../../shared/api/invalidate-team.ts';

/** The last owner cannot be removed (409 `last_owner`). */
export function removeMember(companyId: number, userId: number): Promise<void> {
  return api.delete<void>(`/companies/${companyId}/members/${userId}`);
}

export function useRemoveMember(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(companyId, userId),
    onSuccess: () => invalidateTeam(queryClient, companyId),
  });
}
