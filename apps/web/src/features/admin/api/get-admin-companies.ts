import type { AdminCompaniesData } from '@kontora/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type AdminCompaniesParams = {
  q?: string;
  is_active?: 'true' | 'false';
  limit: number;
  offset: number;
};

export function getAdminCompanies(params: AdminCompaniesParams): Promise<AdminCompaniesData> {
  return api.get<AdminCompaniesData>('/admin/companies', { query: params });
}

export const adminCompaniesQueryOptions = (params: AdminCompaniesParams) =>
  queryOptions({
    queryKey: ['admin', 'companies', params],
    queryFn: () => getAdminCompanies(params),
    placeholderData: keepPreviousData,
  });

export function useAdminCompanies(params: AdminCompaniesParams) {
  return useQuery(adminCompaniesQueryOptions(params));
}
