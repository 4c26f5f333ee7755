import type { AdminUser, InviteUserBody } from '@kontora/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { invalidateAdmin } from './invalidate.ts';

/** Creates an invited account with its memberships and mails the activation link (409 for a known email). */
export function inviteUser({ body, key }: Keyed<InviteUserBody>): Promise<AdminUser> {
  return api.post<AdminUser>('/admin/users', body, { idempotencyKey: key });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => invalidateAdmin(queryClient) });
}
