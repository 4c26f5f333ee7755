import type { Readable } from 'node:stream';

/**
 * Splits a stream into chunks of exactly `size` bytes (the last one shorter), holding
 * one chunk at a time: a 1 GB video is uploaded in pieces, never read whole.
 */
export async function* chunksOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of stream) {
    let buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
    while (pendingBytes + buffer.length >= size) {
      const take = size - pendingBytes;
      pending.push(buffer.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      buffer = buffer.subarray(take);
    }
    if (buffer.length) {
      pending.push(buffer);
      pendingBytes += buffer.length;
    }
  }
  if (pendingBytes) yield Buffer.concat(pending);
}

/** The whole file, for the small images networks take in one request. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const piece of stream) parts.push(Buffer.isBuffer(piece) ? piece : Buffer.from(piece));
  return Buffer.concat(parts);
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
