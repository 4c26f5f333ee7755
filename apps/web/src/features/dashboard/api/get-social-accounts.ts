import type { SocialAccount } from '@kontora/contract/social-posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys } from '../../shared/api/social-keys.ts';

/** The company's social accounts (same key and shape as the social screens, so their changes show here). */
export function getSocialAccounts(companyId: number): Promise<{ items: SocialAccount[] }> {
  return api.get(`/companies/${companyId}/social/accounts`);
}

export const dashboardSocialAccountsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: socialKeys.accounts(companyId),
    queryFn: () => getSocialAccounts(companyId),
  });

export function useDashboardSocialAccounts(companyId: number) {
  return useQuery(dashboardSocialAccountsQueryOptions(companyId));
}
