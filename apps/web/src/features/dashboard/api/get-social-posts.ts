import type { PostPage, PostStatus } from '@kontora/contract/social-posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys } from '../../shared/api/social-keys.ts';

/** How many posts each list of the social widget shows. */
export const WIDGET_POSTS = 5;

/**
 * One page of posts in one status for the social widget: scheduled ones
 * soonest first, the others newest first. Keyed under `socialKeys.all`, so
 * every social mutation (and another person's, on the live socket) refreshes it.
 */
export function getSocialPosts(companyId: number, status: PostStatus): Promise<PostPage> {
  const query: Record<string, string> = { status, limit: String(WIDGET_POSTS) };
  if (status === 'scheduled') query.sort = 'scheduled';
  return api.get(`/companies/${companyId}/social/posts`, { query });
}

export const dashboardSocialPostsQueryOptions = (companyId: number, status: PostStatus) =>
  queryOptions({
    queryKey: [...socialKeys.all(companyId), 'dashboard-posts', status] as const,
    queryFn: () => getSocialPosts(companyId, status),
  });

export function useDashboardSocialPosts(companyId: number, status: PostStatus) {
  return useQuery(dashboardSocialPostsQueryOptions(companyId, status));
}
