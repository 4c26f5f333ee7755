import path from 'node:path';
import type { Config } from '../../../config.ts';
import { FolderMediaStorage } from './folder-media-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { S3MediaStorage } from './s3-media-storage.ts';

/** The configured store: S3 when `S3_BUCKET` is set, else the folder (`MEDIA_DIR`, default `DATA_DIR/media`). */
export function createMediaStorage(config: Config): MediaStorage {
  const media = config.media;
  if (media.s3) return new S3MediaStorage(media.s3);
  return new FolderMediaStorage(media.dir ?? path.join(config.dataDir, 'media'));
}
