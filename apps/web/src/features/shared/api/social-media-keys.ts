import type { MediaKind } from '@kontora/contract/social-media';

/** The media library's collection; one medium and its content hang below it. */
export const socialMediaPath = (companyId: number) => `/companies/${companyId}/social/media`;

export const socialMediaKeys = {
  all: (companyId: number) => ['social-media', companyId] as const,
  list: (companyId: number, kind: MediaKind | undefined) =>
    ['social-media', companyId, 'list', kind ?? 'all'] as const,
};
