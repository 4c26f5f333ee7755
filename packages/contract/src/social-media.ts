import { z } from 'zod';
import { Cursor } from './fields.ts';
import type { SocialIntegrationType } from './helpers.ts';

/**
 * The company's media library, `/api/companies/{companyId}/social/media`
 * (decision 015). Upload is `multipart/form-data` with one part
 * `file`; the type is decided from the file's first bytes, never its name or
 * declared type.
 *
 * Limits: a type is allowed when at least one network accepts it
 * (`media_types` of `GET /api/company-social-integration-types`), and its size
 * limit is the largest one among those networks (`image_max_bytes` or
 * `video_max_bytes`): the library holds what some network can publish; the
 * composer checks each chosen network's own limit.
 */
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_LIMITS = {
  /** Longest original file name kept (longer ones are shortened, keeping the extension). */
  nameMax: 255,
  pageDefault: 50,
  pageMax: 200,
  /** Thumbnails fit in this square (JPEG). */
  thumbnailSize: 320,
} as const;

export const MediaKind = z.enum(MEDIA_KINDS, { error: 'invalid_kind' });

export const SocialMedia = z.object({
  id: z.number(),
  kind: MediaKind,
  mime: z.string(),
  /** Bytes. */
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Milliseconds (videos, when the server could read it). */
  duration: z.number().nullable(),
  original_name: z.string(),
  /** The file's bytes (authorised like every company route). */
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});
export type SocialMedia = z.infer<typeof SocialMedia>;

export const SocialMediaListQuery = z
  .object({
    kind: MediaKind.optional(),
    limit: z.coerce.number().int().min(1).max(MEDIA_LIMITS.pageMax).default(MEDIA_LIMITS.pageDefault),
    cursor: Cursor(200).optional(),
  })
  .strict();
export type SocialMediaListQuery = z.output<typeof SocialMediaListQuery>;

export const SocialMediaPage = z.object({
  items: z.array(SocialMedia),
  next_cursor: z.string().nullable(),
});
export type SocialMediaPage = z.infer<typeof SocialMediaPage>;

/** Which of a medium's stored files: the original or its thumbnail. */
export const MEDIA_VARIANTS = ['original', 'thumbnail'] as const;
export const SocialMediaContentQuery = z
  .object({ variant: z.enum(MEDIA_VARIANTS, { error: 'invalid_variant' }).default('original') })
  .strict();

export interface MediaTypeLimit {
  kind: MediaKind;
  maxBytes: number;
}

/** MIME type → kind and the largest size any network accepting it takes. */
export function mediaTypeLimits(
  types: Pick<SocialIntegrationType, 'media_types' | 'image_max_bytes' | 'video_max_bytes'>[],
): Map<string, MediaTypeLimit> {
  const limits = new Map<string, MediaTypeLimit>();
  for (const network of types) {
    for (const mime of network.media_types) {
      const kind: MediaKind | undefined = mime.startsWith('image/')
        ? 'image'
        : mime.startsWith('video/')
          ? 'video'
          : undefined;
      if (!kind) continue;
      const maxBytes = kind === 'image' ? network.image_max_bytes : network.video_max_bytes;
      const known = limits.get(mime);
      if (!known || known.maxBytes < maxBytes) limits.set(mime, { kind, maxBytes });
    }
  }
  return limits;
}
