import type { AdminUser } from '@kontora/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { useUserStatusChange } from './use-user-status-change.ts';

/** A bodiless POST: disabling ends all the person's sessions at once. */
export function disableUser(id: number): Promise<AdminUser> {
  return api.post<AdminUser>(`/admin/users/${id}/disable`);
}

export const useDisableUser = (id: number) => useUserStatusChange(id, disableUser);
