import { describe, expect, it } from 'vitest';
import { postSpan } from './post-span.ts';

describe('a post’s span in the calendar', () => {
  it('is an hour from the post', () => {
    expect(postSpan('2026-12-05T09:00:00.000Z', 'Europe/Zagreb')).toEqual({
      start: '2026-12-05T09:00:00.000Z',
      end: '2026-12-05T10:00:00.000Z',
    });
  });

  it('ends with the post’s day in the company’s zone, never in the next one', () => {
    // 23:29 in Zagreb (UTC+1): cut at Zagreb's midnight, not at UTC's.
    expect(postSpan('2026-12-05T22:29:00.000Z', 'Europe/Zagreb')).toEqual({
      start: '2026-12-05T22:29:00.000Z',
      end: '2026-12-05T23:00:00.000Z',
    });
    // The same instant in New York is 17:29: a whole hour.
    expect(postSpan('2026-12-05T22:29:00.000Z', 'America/New_York').end).toBe('2026-12-05T23:29:00.000Z');
    // The night summer time ends (a 25-hour day in Zagreb).
    expect(postSpan('2026-10-25T22:45:00.000Z', 'Europe/Zagreb').end).toBe('2026-10-25T23:00:00.000Z');
  });
});
