import type { AdminUser } from '@kontora/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getAdminUser(id: number): Promise<AdminUser> {
  return api.get<AdminUser>(`/admin/users/${id}`);
}

export const adminUserQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'user', id], queryFn: () => getAdminUser(id), enabled: id > 0 });

export function useAdminUser(id: number) {
  return useQuery(adminUserQueryOptions(id));
}
