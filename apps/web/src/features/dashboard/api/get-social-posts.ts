import type { PostPage, PostStatus } from '@kontora/contract/social-posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** How many posts each list of the social widget shows. */
export const WIDGET_POSTS = 5;

/**
 * One page of posts in one status for the social widget: scheduled ones
 * soonest first, the others newest first. Keyed under `['social', companyId]`
 * so every social mutation refreshes it.
 */
export function getSocialPosts(companyId: number, status: PostStatus): Promise<PostPage> {
  const query: Record<string, string> = { status, limit: String(WIDGET_POSTS) };
  if (status === 'scheduled') query.sort = 'scheduled';
  return api.get(`/companies/${companyId}/social/posts`, { query });
}

export const dashboardSocialPostsQueryOptions = (companyId: number, status: PostStatus) =>
  queryOptions({
    queryKey: ['social', companyId, 'dashboard-posts', status],
    queryFn: () => getSocialPosts(companyId, status),
  });

export function useDashboardSocialPosts(companyId: number, status: PostStatus) {
  return useQuery(dashboardSocialPostsQueryOptions(companyId, status));
}
