import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createClock } from '../../lib/clock.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../../lib/rate-limiter.ts';
import {
  createKeyRateLimiter,
  KEY_WINDOW_MS,
  type KeyRate,
  type KeyRateLimiter,
} from './key-rate-limiter.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const opened: { close(): unknown }[] = [];
afterAll(async () => {
  for (const o of opened) await o.close();
});

let nextKeyId = 1;
const clockAt = (t0: number) => {
  const clock = createClock(() => t0);
  return { clock, move: (ms: number) => (clock.now = () => t0 + ms) };
};
const count = async (limiter: KeyRateLimiter, keyId: number, limit: number, now: number) =>
  await limiter.count(keyId, limit, now);
const admitted = (rates: KeyRate[]) => rates.filter((r) => !r.over).length;

describe('alone (memory)', () => {
  const t0 = Date.now();
  const { clock, move } = clockAt(t0);
  const limiter = createKeyRateLimiter(createMemoryRateLimiter(), clock);
  opened.push(limiter);

  it('counts without a Promise, admits exactly the limit, then refuses until the window ends', async () => {
    const keyId = nextKeyId++;
    const first = limiter.count(keyId, 3, clock.now());
    expect(first).not.toBeInstanceOf(Promise);
    expect(first).toEqual({ over: false, remaining: 2, reset: 60 });
    expect(limiter.count(keyId, 3, clock.now())).toMatchObject({ over: false, remaining: 1 });
    expect(limiter.count(keyId, 3, clock.now())).toMatchObject({ over: false, remaining: 0 });
    for (let i = 0; i < 5; i++)
      expect(limiter.count(keyId, 3, clock.now())).toMatchObject({ over: true, remaining: 0 });
    // Another key has its own window.
    expect(limiter.count(nextKeyId++, 3, clock.now())).toMatchObject({ over: false, remaining: 2 });

    move(KEY_WINDOW_MS - 1500);
    expect(limiter.count(keyId, 3, clock.now())).toEqual({ over: true, remaining: 0, reset: 2 });
    move(KEY_WINDOW_MS);
    expect(limiter.count(keyId, 3, clock.now())).toEqual({ over: false, remaining: 2, reset: 60 });
  });
});

describe('shared (Redis): instances reserve batches of the same window', () => {
  const t0 = Date.now();
  const { clock, move } = clockAt(t0);
  const prefix = `kontora:test:keys:${randomBytes(4).toString('hex')}:`;
  const store = (): RateLimiter => {
    const limiter = createRedisRateLimiter(new Redis(redisUrl), prefix);
    opened.push(limiter);
    return limiter;
  };
  const sharedA = store();
  const a = createKeyRateLimiter(sharedA, clock);
  const b = createKeyRateLimiter(store(), clock);
  opened.push(a, b);

  it('admits exactly the limit on one instance, however many requests arrive at once', async () => {
    const keyId = nextKeyId++;
    const rates = await Promise.all(Array.from({ length: 130 }, () => count(a, keyId, 100, clock.now())));
    expect(admitted(rates)).toBe(100);
    expect(rates.filter((r) => r.over).every((r) => r.remaining === 0 && r.reset > 0)).toBe(true);
    // Remaining counts down one request at a time.
    expect(
      rates
        .filter((r) => !r.over)
        .map((r) => r.remaining)
        .sort((x, y) => y - x),
    ).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
  });

  it('never admits more than the limit across instances, and at most a batch less one fewer', async () => {
    // A batch is 2 % of the limit (here 4): the other instance holds at most 3 reserved and unused.
    const keyId = nextKeyId++;
    const limit = 200;
    const rates: KeyRate[] = [];
    for (let round = 0; round < 40; round++) {
      const burst = [
        ...Array.from({ length: 4 }, () => count(a, keyId, limit, clock.now())),
        ...Array.from({ length: 3 }, () => count(b, keyId, limit, clock.now())),
      ];
      rates.push(...(await Promise.all(burst)));
    }
    expect(rates).toHaveLength(280);
    expect(admitted(rates)).toBeLessThanOrEqual(limit);
    expect(admitted(rates)).toBeGreaterThanOrEqual(limit - 3);
  });

  it('joins the window another instance opened, and ends with it', async () => {
    const keyId = nextKeyId++;
    for (let i = 0; i < 5; i++) expect((await count(a, keyId, 5, clock.now())).over).toBe(false);
    const refused = await count(b, keyId, 5, clock.now());
    expect(refused).toMatchObject({ over: true, remaining: 0 });
    expect(refused.reset).toBeGreaterThan(55);
    expect(refused.reset).toBeLessThanOrEqual(60);
    // The shared window ends (its key expires in Redis) and so does each instance's.
    await sharedA.reset(`api-key:${keyId}`);
    move(KEY_WINDOW_MS + 1000);
    expect(await count(b, keyId, 5, clock.now())).toMatchObject({ over: false, remaining: 4 });
    expect(await count(a, keyId, 5, clock.now())).toMatchObject({ over: false });
  });

  it('answers without a Promise while the instance holds allowance', async () => {
    const keyId = nextKeyId++;
    const first = a.count(keyId, 10_000, clock.now());
    expect(first).toBeInstanceOf(Promise);
    await first;
    expect(a.count(keyId, 10_000, clock.now())).not.toBeInstanceOf(Promise);
  });
});
