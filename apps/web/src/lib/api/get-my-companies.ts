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
