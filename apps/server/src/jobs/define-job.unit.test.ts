import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, retryDelayMs } from './define-job.ts';
import { nextCronTime } from './schedule.ts';

describe('defineJob', () => {
  it('takes defaults and the queue from the name; refuses names without an area', () => {
    const job = defineJob('mail.send', z.object({}));
    expect(job.options).toMatchObject({ maxAttempts: 5, queue: 'mail' });
    expect(() => defineJob('send', z.object({}))).toThrow(/area\.what/);
  });
});

describe('retryDelayMs', () => {
  const options = defineJob('x.y', z.object({}), { backoff: { baseMs: 1000, maxMs: 5000 } }).options;
  it('doubles per attempt up to the cap, half of it jittered', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(options, n, 1, () => 0))).toEqual([500, 1000, 2000, 2500]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(options, n, 1, () => 1))).toEqual([1000, 2000, 4000, 5000]);
    expect(retryDelayMs(options, 2, 0.001, () => 1)).toBe(2);
  });
});

describe('nextCronTime', () => {
  it('answers the next matching minute in UTC; a bad expression throws', () => {
    const after = new Date('2026-03-01T10:07:30Z');
    expect(nextCronTime('*/15 * * * *', after).toISOString()).toBe('2026-03-01T10:15:00.000Z');
    expect(nextCronTime('7 * * * *', after).toISOString()).toBe('2026-03-01T11:07:00.000Z');
    expect(() => nextCronTime('not a cron')).toThrow();
  });
});
