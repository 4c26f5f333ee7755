import type { PostPage } from '@kontora/contract/social-posts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys, socialPath } from '../../shared/api/social-keys.ts';

export type PostFilters = {
  status?: string;
  account_id?: string;
  network?: string;
  author_id?: string;
  /** Instants bounding the post's date (its schedule, else when written). */
  from?: string;
  to?: string;
};

export function getPosts(
  companyId: number,
  filters: PostFilters,
  cursor: string | null,
  limit = 25,
): Promise<PostPage> {
  const query: Record<string, string> = { limit: String(limit) };
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  if (cursor) query.cursor = cursor;
  return api.get(`${socialPath(companyId)}/posts`, { query });
}

/** Keyset pages, newest first; "Load more" fetches the next. */
export const postsQueryOptions = (companyId: number, filters: PostFilters) =>
  infiniteQueryOptions({
    queryKey: socialKeys.posts(companyId, filters as Record<string, string>),
    queryFn: ({ pageParam }) => getPosts(companyId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // A changed filter keeps the previous posts on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function usePosts(companyId: number, filters: PostFilters) {
  return useInfiniteQuery(postsQueryOptions(companyId, filters));
}
