import { AppError } from '../../lib/errors.ts';
import type { ByteRange } from './storage/media-storage.ts';

/**
 * One range of an HTTP `Range` header (`bytes=a-b`, `bytes=a-`, `bytes=-n`),
 * which video players send to seek. Several ranges, or another unit, are
 * answered with the whole file (allowed by RFC 9110); a range that starts
 * past the end is 416 with the file's size.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  let start: number;
  let end: number;
  if (from === '') {
    // The last n bytes.
    const suffix = Number(to);
    if (suffix === 0) throw unsatisfiable(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) throw unsatisfiable(size);
  return { start, end };
}

const unsatisfiable = (size: number) =>
  new AppError(416, 'bad_request', 'The requested range lies outside the file.', {
    headers: { 'content-range': `bytes */${size}` },
  });
