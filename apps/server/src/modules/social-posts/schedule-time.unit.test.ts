import { Readable } from 'node:stream';
import { postProblems, textLength } from '@kontora/contract/social-posts';
import { fromZonedInput, toZonedInput } from '@kontora/contract/time-zone';
import { describe, expect, it } from 'vitest';
import { chunksOf } from '../social-networks/adapters/media-chunks.ts';
import { retryAfterMs } from '../social-networks/adapters/social-http.ts';
import { postStatusOf } from './post-status.ts';

// The composer turns the company-zone time into the instant it sends (`scheduled_at`), with this conversion.
describe('a post scheduled in Europe/Zagreb on the nights the clocks change', () => {
  it('02:30 on the spring-forward night (29 March 2026, 02:00 → 03:00) lands at 03:30 CEST, 01:30 UTC', () => {
    expect(fromZonedInput('2026-03-29T02:30', 'Europe/Zagreb')).toBe('2026-03-29T01:30:00.000Z');
  });
  it('02:30 on the fall-back night (25 October 2026, 03:00 → 02:00) takes the first 02:30, 00:30 UTC', () => {
    expect(fromZonedInput('2026-10-25T02:30', 'Europe/Zagreb')).toBe('2026-10-25T00:30:00.000Z');
    expect(toZonedInput('2026-10-25T00:30:00.000Z', 'Europe/Zagreb')).toBe('2026-10-25T02:30');
  });
  it('an ordinary 02:30 is two hours ahead of UTC in summer and one in winter', () => {
    expect(fromZonedInput('2026-07-01T02:30', 'Europe/Zagreb')).toBe('2026-07-01T00:30:00.000Z');
    expect(fromZonedInput('2026-12-01T02:30', 'Europe/Zagreb')).toBe('2026-12-01T01:30:00.000Z');
  });
});

describe('network rules', () => {
  const x = {
    key: 'x',
    text_limit: 280,
    max_media: 4,
    image_max_bytes: 5e6,
    video_max_bytes: 5e8,
    video_max_seconds: 140,
    media_types: ['image/png', 'video/mp4'],
    requires_media: false,
  };
  const tiktok = {
    ...x,
    key: 'tiktok',
    text_limit: 2200,
    max_media: 1,
    media_types: ['video/mp4'],
    requires_media: true,
  };
  it('counts URLs as 23 and CJK as 2 on X, characters elsewhere', () => {
    expect(textLength('x', `a https://example.com/${'z'.repeat(100)}`)).toBe(25);
    expect(textLength('x', '日本')).toBe(4);
    expect(textLength('linkedin', '日本')).toBe(2);
  });
  it('names each broken rule per network', () => {
    const video = { kind: 'video' as const, mime: 'video/mp4', size: 10, duration: 200_000 };
    expect(postProblems({ text: 'hi', media: [], networks: [x, tiktok] })).toEqual({
      'networks.tiktok': ['media_required'],
    });
    expect(postProblems({ text: 'hi', media: [video], networks: [x] })).toEqual({
      'networks.x': ['video_too_long'],
    });
  });
});

describe('queue bookkeeping', () => {
  it('derives the post status from its targets', () => {
    expect(postStatusOf(['queued', 'queued'])).toBe('scheduled');
    expect(postStatusOf(['published', 'unconfirmed'])).toBe('publishing');
    expect(postStatusOf(['published', 'failed'])).toBe('partly_failed');
    expect(postStatusOf(['failed'])).toBe('failed');
    expect(postStatusOf(['draft'])).toBe('draft');
  });
  it('reads Retry-After in seconds or as a date, and X’s reset time', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }))).toBe(7_000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(new Headers({ 'x-rate-limit-reset': '20' }), 15_000)).toBe(5_000);
  });
  it('cuts a stream into chunks of the asked size', async () => {
    const sizes: number[] = [];
    for await (const chunk of chunksOf(Readable.from([Buffer.alloc(5), Buffer.alloc(7), Buffer.alloc(1)]), 4))
      sizes.push(chunk.length);
    expect(sizes).toEqual([4, 4, 4, 1]);
  });
});
