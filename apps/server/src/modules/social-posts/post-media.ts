import type { MediumFacts } from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import { findCompanyMedia, openMedia } from '../social-media/social-media.service.ts';
import type { MediaFile } from '../social-networks/social-networks.service.ts';

/** A medium as the posts module needs it: the facts the composer rules check, and its name. */
export interface PostMedium extends MediumFacts {
  id: number;
  name: string;
  /** Whether a thumbnail was made (the approval page's poster of a video). */
  thumbnail: boolean;
}

/** The company's media with these ids, in the order asked; ids of other companies are simply not found. */
export async function companyMedia(
  ctx: AppContext,
  companyId: number,
  ids: readonly number[],
): Promise<PostMedium[]> {
  const byId = new Map((await findCompanyMedia(ctx, companyId, ids)).map((m) => [m.id, m]));
  return ids.flatMap((id) => {
    const m = byId.get(id);
    return m
      ? [
          {
            id: m.id,
            kind: m.kind,
            mime: m.mime,
            size: m.size,
            duration: m.duration,
            name: m.original_name,
            thumbnail: m.thumbnail_url !== null,
          },
        ]
      : [];
  });
}

/** Media an adapter can upload: each `open` streams the stored bytes afresh (a retry reads them again). */
export function mediaFiles(ctx: AppContext, companyId: number, media: PostMedium[]): MediaFile[] {
  return media.map((m) => ({
    id: m.id,
    kind: m.kind,
    mime: m.mime,
    sizeBytes: m.size,
    durationSec: m.duration === null ? null : m.duration / 1000,
    name: m.name,
    open: async () => (await openMedia(ctx, companyId, m.id)).stream,
  }));
}
