import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** Bytes file-type needs to recognise every format it knows (its own sample size). */
const SAMPLE_BYTES = 4100;

export interface SniffedStream {
  /** What the first bytes are, whatever the name or declared type says; undefined when unknown. */
  mime: string | undefined;
  /** The whole content again, first bytes included; errors with `onChunk`'s error when it throws. */
  stream: Readable;
}

/**
 * Reads only the first few KB of `source` to decide its type, then hands back
 * a stream of the whole content that passes each chunk through `onChunk`
 * (the size limit) as it flows, so nothing beyond one chunk is held in memory.
 */
export async function sniffStream(
  source: AsyncIterable<Buffer>,
  onChunk: (chunk: Buffer) => void,
): Promise<SniffedStream> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let done = false;
  while (headBytes < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const first = Buffer.concat(head);
  const type = first.length ? await fileTypeFromBuffer(first) : undefined;
  async function* whole(): AsyncGenerator<Buffer> {
    onChunk(first);
    yield first;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      onChunk(next.value);
      yield next.value;
    }
  }
  return { mime: type?.mime, stream: Readable.from(whole(), { objectMode: false }) };
}
