import { mediaTypeLimits } from '@kontora/contract/social-media';
import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';
import { contentDisposition } from './content-disposition.ts';
import { cleanName } from './media-upload.service.ts';

const MB = 1024 * 1024;

describe('media limits from the integration types', () => {
  it('allows a type some network takes, at the largest size among those networks', () => {
    const limits = mediaTypeLimits([
      { media_types: ['image/jpeg', 'video/mp4'], image_max_bytes: 5 * MB, video_max_bytes: 512 * MB },
      { media_types: ['image/jpeg', 'image/png'], image_max_bytes: 8 * MB, video_max_bytes: 2048 * MB },
      { media_types: ['video/mp4', 'application/pdf'], image_max_bytes: 20 * MB, video_max_bytes: 1024 * MB },
    ]);
    expect(Object.fromEntries(limits)).toEqual({
      'image/jpeg': { kind: 'image', maxBytes: 8 * MB },
      'image/png': { kind: 'image', maxBytes: 8 * MB },
      // The second network's 2 GB video limit does not count: it takes no video/mp4.
      'video/mp4': { kind: 'video', maxBytes: 1024 * MB },
    });
  });
});

describe('file names', () => {
  it('drops folders and control characters and keeps the extension when shortening', () => {
    expect(cleanName('C:\\Users\\x\\photo.png')).toBe('photo.png');
    expect(cleanName('../../etc/passwd')).toBe('passwd');
    expect(cleanName('a\u0000b\u202Ec.jpg')).toBe('abc.jpg');
    expect(cleanName('   ')).toBe('file');
    const long = cleanName(`${'x'.repeat(400)}.jpeg`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.jpeg')).toBe(true);
  });

  it('writes a Content-Disposition no name can break out of', () => {
    expect(contentDisposition('inline', 'a "quoted"\\name;.png')).toBe(
      `inline; filename="a _quoted__name_.png"; filename*=UTF-8''a%20%22quoted%22%5Cname%3B.png`,
    );
    expect(contentDisposition('attachment', 'Čaša (1).jpg')).toBe(
      `attachment; filename="_a_a (1).jpg"; filename*=UTF-8''%C4%8Ca%C5%A1a%20%281%29.jpg`,
    );
  });
});

describe('byte ranges', () => {
  it('reads one range of bytes, clamped to the file; anything else is the whole file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange(undefined, 1000)).toBeNull();
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseByteRange('items=0-1', 1000)).toBeNull();
  });

  it('refuses a range past the end with 416 and the size', () => {
    expect(() => parseByteRange('bytes=1000-', 1000)).toThrow(expect.objectContaining({ status: 416 }));
    expect(() => parseByteRange('bytes=5-2', 1000)).toThrow(expect.objectContaining({ status: 416 }));
    expect(() => parseByteRange('bytes=-0', 1000)).toThrow(
      expect.objectContaining({ headers: { 'content-range': 'bytes */1000' } }),
    );
  });
});
