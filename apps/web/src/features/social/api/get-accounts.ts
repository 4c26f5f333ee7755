import type { SocialAccount } from '@kontora/contract/social-posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys, socialPath } from '../../shared/api/social-keys.ts';

export function getAccounts(companyId: number): Promise<{ items: SocialAccount[] }> {
  return api.get(`${socialPath(companyId)}/accounts`);
}

export const accountsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: socialKeys.accounts(companyId), queryFn: () => getAccounts(companyId) });

export function useAccounts(companyId: number) {
  return useQuery(accountsQueryOptions(companyId));
}
