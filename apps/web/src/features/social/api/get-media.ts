import type { SocialMediaPage } from '@kontora/contract/social-media';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys, socialPath } from './social-keys.ts';

export function getMedia(companyId: number): Promise<SocialMediaPage> {
  return api.get(`${socialPath(companyId)}/media`, { query: { limit: '200' } });
}

/** The library for the composer's picker (newest 200). */
export const mediaQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: socialKeys.media(companyId), queryFn: () => getMedia(companyId) });

export function useMediaLibrary(companyId: number) {
  return useQuery(mediaQueryOptions(companyId));
}
