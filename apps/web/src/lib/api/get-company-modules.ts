import type { CompanyModule } from '@kontora/contract/me';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export function getCompanyModules(companyId: number): Promise<{ modules: CompanyModule[] }> {
  return api.get<{ modules: CompanyModule[] }>(`/company-modules/${companyId}`);
}

/**
 * A failed call shows no error (docs/product.md §4): the menu shows what it can, and the
 * layout refetches on the next navigation, so no automatic retries here.
 */
export const companyModulesQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: ['company-modules', companyId],
    queryFn: () => getCompanyModules(companyId as number),
    enabled: companyId !== null,
    retry: false,
    select: (data) => data.modules.map((module) => module.id),
  });

export function useCompanyModules(companyId: number | null) {
  return useQuery(companyModulesQueryOptions(companyId));
}
