import type { SocialMedia } from '@kontora/contract/social-media';
import type { MediaRow } from './social-media.repository.ts';

export function mediaUrl(companyId: number, id: number, variant?: 'thumbnail'): string {
  const base = `/api/companies/${companyId}/social/media/${id}/content`;
  return variant ? `${base}?variant=${variant}` : base;
}

export function toSocialMedia(row: MediaRow): SocialMedia {
  return {
    id: row.id,
    kind: row.kind,
    mime: row.mime,
    size: Number(row.size_bytes),
    width: row.width,
    height: row.height,
    duration: row.duration_ms,
    original_name: row.original_name,
    url: mediaUrl(row.company_id, row.id),
    thumbnail_url: row.thumbnail_key ? mediaUrl(row.company_id, row.id, 'thumbnail') : null,
    created_by: row.created_by,
    created_at: row.created_at,
  };
}
