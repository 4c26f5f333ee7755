import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const limiters: [string, RateLimiter][] = [
  ['memory', createMemoryRateLimiter()],
  ['redis', createRedisRateLimiter(new Redis(redisUrl), `kontora:test:${process.pid}:${Date.now()}:`)],
];
afterAll(async () => {
  for (const [, l] of limiters) await l.close();
});

describe.each(limiters)('%s rate limiter', (_name, limiter) => {
  it('counts hits in a window, reports the time left, and resets', async () => {
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfter: 0 });
    await limiter.hit('a', 60_000);
    const second = await limiter.hit('a', 60_000);
    expect(second.count).toBe(2);
    expect(second.retryAfter).toBeGreaterThan(55);
    expect((await limiter.peek('a')).count).toBe(2);
    await limiter.reset('a');
    expect((await limiter.peek('a')).count).toBe(0);
  });

  it('gives each of many simultaneous hits its own count', async () => {
    const results = await Promise.all(Array.from({ length: 60 }, () => limiter.hit('c', 60_000)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(results.every((r) => r.retryAfter > 0)).toBe(true);
  });

  it('counts a batch of hits at once, in the same window as single hits', async () => {
    expect((await limiter.add('e', 5, 60_000)).count).toBe(5);
    const second = await limiter.add('e', 3, 60_000);
    expect(second.count).toBe(8);
    expect(second.resetInMs).toBeGreaterThan(55_000);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await limiter.hit('e', 60_000)).count).toBe(9);
  });

  it('gives back a hit of the current window, and never below nothing', async () => {
    await limiter.hit('d', 60_000);
    await limiter.hit('d', 60_000);
    await limiter.giveBack('d');
    expect((await limiter.peek('d')).count).toBe(1);
    await limiter.giveBack('missing');
    expect((await limiter.peek('missing')).count).toBe(0);
  });

  it('starts a new window when the old one has passed', async () => {
    await limiter.hit('b', 50);
    await new Promise((r) => setTimeout(r, 80));
    expect((await limiter.hit('b', 50)).count).toBe(1);
  });
});
