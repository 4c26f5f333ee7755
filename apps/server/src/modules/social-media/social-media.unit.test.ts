import { mediaTypeLimits } from '@kontora/contract/social-media';
import { describe, expect, it } from 'vitest';
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
