import type { MediumFacts } from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import { findMediaByIds } from '../social-media/social-media.repository.ts';
import { createMediaStorage } from '../social-media/storage/create-media-storage.ts';
import type { MediaStorage } from '../social-media/storage/media-storage.ts';
import type { MediaFile } from './adapters/social-adapter.ts';

/**
 * The media library as the posts module needs it: the facts the composer rules
 * check, and streams of the bytes for the adapters' uploads.
 */
export interface PostMedium extends MediumFacts {
  id: number;
  name: string;
  storageKey: string;
}

const stores = new WeakMap<AppContext['config'], MediaStorage>();
function storageOf(ctx: AppContext): MediaStorage {
  let store = stores.get(ctx.config);
  if (!store) {
    store = createMediaStorage(ctx.config);
    stores.set(ctx.config, store);
  }
  return store;
}

/** The company's media with these ids, in the order asked; ids of other companies are simply not found. */
export async function companyMedia(
  ctx: AppContext,
  companyId: number,
  ids: readonly number[],
): Promise<PostMedium[]> {
  const rows = await findMediaByIds(ctx.db, companyId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        kind: row.kind,
        mime: row.mime,
        size: Number(row.size_bytes),
        duration: row.duration_ms,
        name: row.original_name,
        storageKey: row.storage_key,
      },
    ];
  });
}

/** Media an adapter can upload: each opens a fresh stream of the stored bytes. */
export function mediaFiles(ctx: AppContext, media: PostMedium[]): MediaFile[] {
  return media.map((m) => ({
    id: m.id,
    kind: m.kind,
    mime: m.mime,
    sizeBytes: m.size,
    name: m.name,
    open: () => storageOf(ctx).get(m.storageKey),
  }));
}
