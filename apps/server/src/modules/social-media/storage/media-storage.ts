import type { Readable } from 'node:stream';

/**
 * Where the media library keeps its bytes (decision 015). One interface, two
 * stores: a folder (one instance) and any S3-compatible bucket (several
 * instances share it). Keys are opaque, made by the service
 * (`<companyId>/<uuid>` and `<companyId>/<uuid>.thumb`), never from a file name.
 */
export interface MediaStorage {
  /** Streams `stream` to `key`; on a stream error nothing remains under `key`. */
  put(key: string, stream: Readable, contentType: string): Promise<{ size: number }>;
  /** The stored bytes; rejects with `MediaNotStoredError` when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Releases clients/sockets (S3); the folder store has nothing to release. */
  close?(): Promise<void>;
}

/** The store has no bytes under a key the database names (removed by hand, lost bucket). */
export class MediaNotStoredError extends Error {
  readonly key: string;

  constructor(key: string) {
    super(`No stored media under ${key}`);
    this.key = key;
  }
}

/** Keys the service writes: letters, digits, `-`, `_`, `.`, and one `/`; nothing that climbs out of a folder. */
export const MEDIA_KEY = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/;

export function assertMediaKey(key: string): void {
  if (!MEDIA_KEY.test(key) || key.includes('..')) throw new Error(`Invalid media key: ${key}`);
}
