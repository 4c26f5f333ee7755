import type { AdminCompany } from '@kontora/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getAdminCompany(id: number): Promise<AdminCompany> {
  return api.get<AdminCompany>(`/admin/companies/${id}`);
}

export const adminCompanyQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'company', id], queryFn: () => getAdminCompany(id), enabled: id > 0 });

export function useAdminCompany(id: number) {
  return useQuery(adminCompanyQueryOptions(id));
}
