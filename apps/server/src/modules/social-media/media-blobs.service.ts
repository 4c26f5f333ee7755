import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { mediaStorage } from './media-storage-registry.ts';
import { MediaNotStoredError } from './storage/media-storage.ts';

/**
 * The media storage (folder or S3, decision 015) for bytes another module keeps of its own,
 * such as the attachments of synced mail: stored under an opaque key of the company, never
 * listed in the media library. The owning module keeps the key and removes it.
 */
export async function storeBlob(
  ctx: AppContext,
  companyId: number,
  kind: string,
  bytes: Buffer,
  contentType: string,
): Promise<string> {
  const key = `${companyId}/${kind}-${randomUUID()}`;
  await mediaStorage(ctx).put(key, ReadableStream.from([bytes]), contentType);
  return key;
}

/** The stored bytes, or null when the store no longer holds them. */
export async function openBlob(ctx: AppContext, key: string): Promise<Readable | null> {
  try {
    return await mediaStorage(ctx).get(key);
  } catch (err) {
    if (err instanceof MediaNotStoredError) return null;
    throw err;
  }
}

/** Removes the keys; one that fails to go is left behind (an unreferenced file, never a broken row). */
export async function deleteBlobs(ctx: AppContext, keys: readonly string[]): Promise<void> {
  const storage = mediaStorage(ctx);
  for (const key of keys) await storage.delete(key).catch(() => {});
}

export { contentDisposition } from './content-disposition.ts';
