import type { AdminUser } from '@kontora/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserQueryOptions } from './get-admin-user.ts';
import { invalidateAdmin } from './invalidate.ts';

/** Disabling and enabling answer the changed person, shown at once on their page before the lists refetch. */
export function useUserStatusChange(id: number, change: (id: number) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => change(id),
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserQueryOptions(id).queryKey, user);
      return invalidateAdmin(queryClient);
    },
  });
}
