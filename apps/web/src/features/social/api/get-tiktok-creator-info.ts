import type { TikTokCreatorInfo } from '@kontora/contract/social-posts';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys, socialPath } from '../../shared/api/social-keys.ts';

export function getTikTokCreatorInfo(companyId: number, accountId: number): Promise<TikTokCreatorInfo> {
  return api.get(`${socialPath(companyId)}/accounts/${accountId}/tiktok-creator-info`);
}

/**
 * TikTok's creator info of each chosen TikTok account, asked when the composer shows them
 * (TikTok wants the latest: a creator may have gone private). A refusal is an answer to show.
 */
export function useTikTokCreatorInfo(companyId: number, accountIds: number[]) {
  return useQueries({
    queries: accountIds.map((id) => ({
      queryKey: [...socialKeys.all(companyId), 'tiktok-creator-info', id],
      queryFn: () => getTikTokCreatorInfo(companyId, id),
      retry: false,
      staleTime: 60_000,
    })),
  });
}
