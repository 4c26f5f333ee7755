import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  MEDIA_LIMITS,
  type MediaTypeLimit,
  mediaTypeLimits,
  type SocialMedia,
} from '@kontora/contract/social-media';
import type { AppContext } from '../../context.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { socialIntegrationTypes } from '../catalogue/catalogue.service.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import { probeImage, probeVideo } from './media-probe.ts';
import { sniffStream } from './media-sniff.ts';
import { mediaStorage } from './media-storage-registry.ts';
import { insertMedia, type MediaRow } from './social-media.repository.ts';
import { toSocialMedia } from './social-media-dto.ts';
import { videoThumbnail } from './video-thumbnail.ts';

export interface MediaUpload {
  /** The file part's bytes as they arrive. */
  stream: AsyncIterable<Buffer>;
  /** As the client named it; kept for people only, never used for the type or the storage key. */
  filename: string;
}

const MB = 1024 * 1024;

export const tooLarge = (limit: number, mime?: string) =>
  new AppError(
    413,
    'payload_too_large',
    mime
      ? `The file is too large: ${mime} files may be at most ${formatMb(limit)}. Nothing was saved.`
      : `The file is too large (at most ${formatMb(limit)}). Nothing was saved.`,
    { details: { file: ['too_large'] } },
  );

const formatMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

const notAllowed = (found: string | undefined, allowed: string[]) =>
  new AppError(
    415,
    'unsupported_media_type',
    `${found ? `This file is ${found}` : 'This file’s type is not recognised'}; the library takes ${allowed.join(', ')} (decided by the content, not the name).`,
    { details: { file: ['type_not_allowed'] } },
  );

const unreadableImage = () =>
  new AppError(415, 'unsupported_media_type', 'The file starts like an image but cannot be read as one.', {
    details: { file: ['unreadable_image'] },
  });

const brokenOff = () =>
  new AppError(400, 'validation_failed', 'The upload broke off before the end; nothing was saved.', {
    details: { file: ['incomplete_upload'] },
  });

/** What the library accepts: each type some network takes, at the largest size any of them takes. */
export async function mediaLimits(ctx: AppContext): Promise<Map<string, MediaTypeLimit>> {
  return mediaTypeLimits(await socialIntegrationTypes(ctx.db));
}

/** The largest file the library takes at all (the multipart parser's own ceiling). */
export function largestLimit(limits: Map<string, MediaTypeLimit>): number {
  return Math.max(0, ...[...limits.values()].map((l) => l.maxBytes));
}

/** A name safe to show and to send back in Content-Disposition: no folders, no control characters. */
export function cleanName(raw: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (!base) return 'file';
  if (base.length <= MEDIA_LIMITS.nameMax) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, MEDIA_LIMITS.nameMax - ext.length) + ext;
}

/**
 * Streams one upload into the media store: the type from the first bytes, the
 * size limit of that type enforced while the bytes flow (413 as soon as it is
 * passed, the partial file removed), then dimensions and a thumbnail
 * (images) or duration and a first-frame thumbnail (videos, with ffprobe and ffmpeg), then the row and its change
 * event in one transaction. Whatever fails, nothing remains stored.
 */
export async function uploadMedia(ctx: AppContext, actor: Actor, upload: MediaUpload): Promise<SocialMedia> {
  const limits = await mediaLimits(ctx);
  let limit = largestLimit(limits);
  let limitMime: string | undefined;
  let received = 0;
  let refused: AppError | undefined;
  const sniffed = await sniffStream(upload.stream, (chunk) => {
    received += chunk.length;
    if (received > limit) {
      refused = tooLarge(limit, limitMime);
      throw refused;
    }
  }).catch((err: unknown) => {
    throw err instanceof AppError ? err : brokenOff();
  });
  const allowed = sniffed.mime ? limits.get(sniffed.mime) : undefined;
  if (!sniffed.mime || !allowed) {
    sniffed.stream.destroy();
    throw notAllowed(sniffed.mime, [...limits.keys()]);
  }
  const mime = sniffed.mime;
  limit = allowed.maxBytes;
  limitMime = mime;

  const storage = mediaStorage(ctx);
  const key = `${actor.companyId}/${randomUUID()}`;
  const stored: string[] = [];
  try {
    try {
      await storage.put(key, sniffed.stream, mime);
    } catch (err) {
      throw refused ?? (err instanceof AppError ? err : brokenOff());
    }
    stored.push(key);
    const row: Omit<MediaRow, 'id'> = {
      company_id: actor.companyId,
      kind: allowed.kind,
      mime,
      size_bytes: received,
      width: null,
      height: null,
      duration_ms: null,
      original_name: cleanName(upload.filename),
      storage_key: key,
      thumbnail_key: null,
      created_by: authorIdOf(actor),
      created_at: new Date().toISOString(),
    };
    if (allowed.kind === 'image') {
      const facts = await probeImage(await storage.get(key));
      if (!facts) throw unreadableImage();
      const thumbKey = `${key}.thumb`;
      await storage.put(thumbKey, Readable.from([facts.thumbnail]), 'image/jpeg');
      stored.push(thumbKey);
      Object.assign(row, { width: facts.width, height: facts.height, thumbnail_key: thumbKey });
    } else {
      const facts = await probeVideo(await storage.get(key));
      if (facts)
        Object.assign(row, { width: facts.width, height: facts.height, duration_ms: facts.durationMs });
      const thumbnail = await videoThumbnail(await storage.get(key));
      if (thumbnail) {
        const thumbKey = `${key}.thumb`;
        await storage.put(thumbKey, Readable.from([thumbnail]), 'image/jpeg');
        stored.push(thumbKey);
        row.thumbnail_key = thumbKey;
      }
    }
    const id = await ctx.db.transaction().execute(async (trx) => {
      const newId = await insertMedia(trx, { ...row, size_bytes: received });
      await recordChange(trx, {
        companyId: actor.companyId,
        type: 'social_media.created',
        entity: { type: 'social_media', id: newId },
        actor: byActor(actor),
        data: { ...toSocialMedia({ ...row, id: newId }) },
      });
      return newId;
    });
    return toSocialMedia({ ...row, id });
  } catch (err) {
    await Promise.all(stored.map((k) => storage.delete(k).catch(() => {})));
    throw err;
  }
}
