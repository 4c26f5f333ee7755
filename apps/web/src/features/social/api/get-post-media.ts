import type { SocialMedia } from '@kontora/contract/social-media';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialMediaKeys, socialMediaPath } from '../../shared/api/social-media-keys.ts';

/** The media a post carries, in its order; one that cannot be read (gone meanwhile) is left out. */
export function usePostMedia(companyId: number, ids: number[]): SocialMedia[] {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: [...socialMediaKeys.all(companyId), 'one', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<SocialMedia>(`${socialMediaPath(companyId)}/${id}`, { signal }),
      staleTime: 60_000,
    })),
    combine: (results) => results.flatMap((r) => (r.data ? [r.data] : [])),
  });
}
