import type { AppContext } from '../../context.ts';
import { createMediaStorage } from './storage/create-media-storage.ts';
import type { MediaStorage } from './storage/media-storage.ts';

/**
 * One store per app (per config object), made on first use, so the media
 * module needs no field on the shared AppContext; closed with the app.
 */
const stores = new WeakMap<AppContext['config'], MediaStorage>();

export function mediaStorage(ctx: AppContext): MediaStorage {
  let store = stores.get(ctx.config);
  if (!store) {
    store = createMediaStorage(ctx.config);
    stores.set(ctx.config, store);
  }
  return store;
}

export async function closeMediaStorage(ctx: AppContext): Promise<void> {
  const store = stores.get(ctx.config);
  stores.delete(ctx.config);
  await store?.close?.();
}
