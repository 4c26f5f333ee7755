import type { CompanySecurity } from '@kontora/contract/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getCompanySecurity(companyId: number): Promise<CompanySecurity> {
  return api.get<CompanySecurity>(`/companies/${companyId}/security`);
}

export const companySecurityQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['company-security', companyId],
    queryFn: () => getCompanySecurity(companyId),
    retry: false,
  });

export function useCompanySecurity(companyId: number) {
  return useQuery(companySecurityQueryOptions(companyId));
}
