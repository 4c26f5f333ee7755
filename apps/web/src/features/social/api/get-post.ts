import type { SocialPostDetail } from '@kontora/contract/social-posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys, socialPath } from '../../shared/api/social-keys.ts';

export function getPost(companyId: number, id: number): Promise<SocialPostDetail> {
  return api.get(`${socialPath(companyId)}/posts/${id}`);
}

const settled = new Set(['draft', 'published', 'failed', 'partly_failed']);

/** One post; refreshed every 2 s while its accounts are still being published to. */
export const postQueryOptions = (companyId: number, id: number) =>
  queryOptions({
    queryKey: socialKeys.post(companyId, id),
    queryFn: () => getPost(companyId, id),
    refetchInterval: (query) => (query.state.data && settled.has(query.state.data.status) ? false : 2_000),
  });

export function usePost(companyId: number, id: number) {
  return useQuery(postQueryOptions(companyId, id));
}
