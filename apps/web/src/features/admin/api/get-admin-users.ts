import type { AdminUsersData } from '@kontora/contract/admin';
import type { UserStatus } from '@kontora/contract/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type AdminUsersParams = { q?: string; status?: UserStatus; limit: number; offset: number };

export function getAdminUsers(params: AdminUsersParams): Promise<AdminUsersData> {
  return api.get<AdminUsersData>('/admin/users', { query: params });
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: () => getAdminUsers(params),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params));
}
