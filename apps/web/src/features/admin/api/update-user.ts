import type { AdminUser, UpdateUserBody } from '@kontora/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAdmin } from './invalidate.ts';

/** Name, language, superuser flag; `memberships` replaces them all. */
export function updateUser(id: number, body: UpdateUserBody): Promise<AdminUser> {
  return api.patch<AdminUser>(`/admin/users/${id}`, body);
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(['admin', 'user', id], user);
      return invalidateAdmin(queryClient);
    },
  });
}
