import type { CompanyProfile } from '@kontora/contract/me';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export function getCompanyProfile(companyId: number): Promise<CompanyProfile> {
  return api.get<CompanyProfile>(`/companies/${companyId}`);
}

/** Name, country, time zone and currency of a company: rarely change, so kept for five minutes. */
export const companyProfileQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['company-profile', companyId],
    queryFn: () => getCompanyProfile(companyId),
    staleTime: 5 * 60_000,
  });

export function useCompanyProfile(companyId: number) {
  return useQuery(companyProfileQueryOptions(companyId));
}
