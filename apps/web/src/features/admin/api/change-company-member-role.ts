import type { CompanyRole } from '@kontora/contract/limits';
import type { Member } from '@kontora/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAdmin } from './invalidate.ts';

/** Superusers change any company's roles (the last owner stays; 409 `last_owner`). */
export function changeCompanyMemberRole(
  companyId: number,
  userId: number,
  role: CompanyRole,
): Promise<Member> {
  return api.patch<Member>(`/admin/companies/${companyId}/members/${userId}`, { role });
}

export function useChangeCompanyMemberRole(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: CompanyRole }) =>
      changeCompanyMemberRole(companyId, userId, role),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}
