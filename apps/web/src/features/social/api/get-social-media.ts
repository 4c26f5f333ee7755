import type { MediaKind, SocialMedia, SocialMediaPage } from '@kontora/contract/social-media';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialMediaKeys, socialMediaPath } from '../../shared/api/social-media-keys.ts';

export function getSocialMedia(
  companyId: number,
  params: { kind?: MediaKind; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<SocialMediaPage> {
  return api.get<SocialMediaPage>(socialMediaPath(companyId), { query: params, signal });
}

export const socialMediaPagesOptions = (companyId: number, kind?: MediaKind) =>
  infiniteQueryOptions({
    queryKey: socialMediaKeys.list(companyId, kind),
    queryFn: ({ pageParam, signal }) =>
      getSocialMedia(companyId, { kind, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Another kind keeps the previous tiles on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/**
 * The company's media, newest first, page by page: the library's grid and the
 * composer's media picker use the same list (`items` flattens the loaded pages).
 */
export function useSocialMediaList(companyId: number, kind?: MediaKind) {
  const query = useInfiniteQuery(socialMediaPagesOptions(companyId, kind));
  const items: SocialMedia[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items };
}
