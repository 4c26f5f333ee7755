import type { Readable } from 'node:stream';
import type { SocialMedia, SocialMediaListQuery, SocialMediaPage } from '@kontora/contract/social-media';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import type { MediaInUse } from './media-in-use.ts';
import { mediaStorage } from './media-storage-registry.ts';
import { deleteMediaRow, findMedia, findMediaByIds, listMedia } from './social-media.repository.ts';
import { toSocialMedia } from './social-media-dto.ts';
import { type ByteRange, MediaNotStoredError } from './storage/media-storage.ts';

const mediumNotFound = () => notFound('Medium');

export async function getMedia(ctx: AppContext, companyId: number, id: number): Promise<SocialMedia> {
  const row = await findMedia(ctx.db, companyId, id);
  if (!row) throw mediumNotFound();
  return toSocialMedia(row);
}

/**
 * The company's media among `ids` (for posts: media_ids of a post must all be
 * found here, else they name another company's or a deleted medium). In id order.
 */
export async function findCompanyMedia(
  ctx: AppContext,
  companyId: number,
  ids: readonly number[],
): Promise<SocialMedia[]> {
  const rows = await findMediaByIds(ctx.db, companyId, [...new Set(ids)]);
  return rows.map(toSocialMedia);
}

export async function listMediaPage(
  ctx: AppContext,
  companyId: number,
  query: SocialMediaListQuery,
): Promise<SocialMediaPage> {
  let beforeId: number | undefined;
  if (query.cursor) {
    const parts = decodeCursor(query.cursor);
    const [tag, id] = parts ?? [];
    if (tag !== 'media' || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
      throw invalidField('cursor', 'invalid_cursor');
    }
    beforeId = id;
  }
  // One row more than asked tells whether another page follows.
  const rows = await listMedia(ctx.db, companyId, { kind: query.kind, beforeId, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toSocialMedia),
    next_cursor: rows.length > query.limit && last ? encodeCursor(['media', last.id]) : null,
  };
}

export interface OpenedMedia {
  stream: Readable;
  mime: string;
  /** Bytes of the whole file; null for a thumbnail (its size is not recorded). */
  size: number | null;
  /** The part sent when a range was asked for and could be served. */
  range: ByteRange | null;
  /** The original's name (thumbnails: with `-thumbnail.jpg`). */
  name: string;
}

/**
 * A medium's bytes (or its thumbnail's), for the content route and for the
 * publishing adapters that upload it to a network. 404 when the medium is not
 * the company's, has no thumbnail, or its bytes are gone from the store.
 */
export async function openMedia(
  ctx: AppContext,
  companyId: number,
  id: number,
  variant: 'original' | 'thumbnail' = 'original',
  /** For the original only: turns the file's size into the part to send (HTTP Range); null for all of it. */
  pickRange?: (size: number) => ByteRange | null,
): Promise<OpenedMedia> {
  const row = await findMedia(ctx.db, companyId, id);
  if (!row) throw mediumNotFound();
  const key = variant === 'thumbnail' ? row.thumbnail_key : row.storage_key;
  if (!key) throw notFound('Thumbnail');
  const size = Number(row.size_bytes);
  const range = variant === 'original' && pickRange ? pickRange(size) : null;
  try {
    const stream = await mediaStorage(ctx).get(key, range ?? undefined);
    return variant === 'thumbnail'
      ? {
          stream,
          mime: 'image/jpeg',
          size: null,
          range: null,
          name: `${row.original_name.replace(/\.[^.]*$/, '')}-thumbnail.jpg`,
        }
      : { stream, mime: row.mime, size, range, name: row.original_name };
  } catch (err) {
    if (err instanceof MediaNotStoredError) throw mediumNotFound();
    throw err;
  }
}

/**
 * Deletes the row (with its change event) in one transaction, refusing (409)
 * while a post that is not published yet uses it (`mediaInUse`, answered by the
 * posts module, see media-in-use.ts), then removes the stored files. A failure to remove them
 * leaves an unreferenced file, never a row without its file.
 */
export async function deleteMedia(
  ctx: AppContext,
  actor: Actor,
  id: number,
  mediaInUse: MediaInUse,
): Promise<void> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await findMedia(trx, actor.companyId, id);
    if (!found) throw mediumNotFound();
    const user = await mediaInUse(trx, actor.companyId, id);
    if (user) {
      throw new AppError(
        409,
        'conflict',
        `This medium is used by the post “${user.title}”; remove it from that post first.`,
        { details: { post_id: [String(user.postId)] } },
      );
    }
    await deleteMediaRow(trx, actor.companyId, id);
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'social_media.deleted',
      entity: { type: 'social_media', id },
      actor: byActor(actor),
      data: { ...toSocialMedia(found) },
    });
    return found;
  });
  const storage = mediaStorage(ctx);
  for (const key of [row.storage_key, row.thumbnail_key]) {
    if (key) await storage.delete(key).catch(() => {});
  }
}

// A medium is sent the same way wherever it is shown (the approval page too): ranges and headers.
export { parseByteRange } from './byte-range.ts';
export { sendMedia } from './media-reply.ts';
