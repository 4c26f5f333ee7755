import type { AdminUser } from '@kontora/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { useUserStatusChange } from './use-user-status-change.ts';

/** A bodiless POST: the person may sign in again. */
export function enableUser(id: number): Promise<AdminUser> {
  return api.post<AdminUser>(`/admin/users/${id}/enable`);
}

export const useEnableUser = (id: number) => useUserStatusChange(id, enableUser);
