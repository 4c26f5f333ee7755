import type { ApiKeyList } from '@kontora/contract/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every member may list the company's API keys (module 1); the dashboard counts the active ones. */
export function getApiKeys(companyId: number): Promise<ApiKeyList> {
  return api.get<ApiKeyList>(`/companies/${companyId}/api-keys`);
}

export const apiKeysQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['api-keys', companyId], queryFn: () => getApiKeys(companyId) });

export function useApiKeys(companyId: number) {
  return useQuery(apiKeysQueryOptions(companyId));
}
