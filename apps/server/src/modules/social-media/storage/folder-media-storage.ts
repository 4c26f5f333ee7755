import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertMediaKey, MediaNotStoredError, type MediaStorage } from './media-storage.ts';

/**
 * Media in a folder (`MEDIA_DIR`, default `DATA_DIR/media`). A file is written
 * under a temporary name and renamed when complete, so a broken or refused
 * upload never leaves a partial file under its key (the temporary one is removed).
 */
export class FolderMediaStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private file(key: string): string {
    assertMediaKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, stream: Readable, _contentType: string): Promise<{ size: number }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(stream, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { size };
  }

  async get(key: string): Promise<Readable> {
    const file = this.file(key);
    const stream = createReadStream(file);
    // Open before answering, so a missing file is a clean error rather than a broken response.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (err: NodeJS.ErrnoException) =>
        reject(err.code === 'ENOENT' ? new MediaNotStoredError(key) : err),
      );
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
