import type { MyCompaniesData } from '@kontora/contract/me';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export type MyCompaniesParams = { q?: string; limit?: number; offset?: number };

export function getMyCompanies(params: MyCompaniesParams): Promise<MyCompaniesData> {
  return api.get<MyCompaniesData>('/me/companies', { query: params });
}

export const myCompaniesQueryOptions = (params: MyCompaniesParams) =>
  queryOptions({
    queryKey: ['me', 'companies', params],
    queryFn: () => getMyCompanies(params),
    placeholderData: keepPreviousData,
  });

export function useMyCompanies(params: MyCompaniesParams) {
  return useQuery(myCompaniesQueryOptions(params));
}

/**
 * The signed-in person's role in this company (null while unknown or not a
 * member). One query for the menu and the team screen: a person belongs to few companies.
 */
export function useCompanyRole(companyId: number | null) {
  const companies = useMyCompanies({ limit: 100 });
  const role = companies.data?.items.find((item) => item.id === companyId)?.role ?? null;
  return { role, isSuccess: companies.isSuccess };
}
