import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '../app-caches.ts';
import { createTestApp, PASSWORD, type TestApp } from '../test-support/test-app.ts';
import { wireCacheInvalidation } from './redis-cache-invalidation.ts';
import { THROTTLE } from './throttle.ts';

// Two deployments on one Redis, told apart only by REDIS_PREFIX: they share no counter and no channel.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = randomBytes(4).toString('hex');
const prefixA = `kontora-a-${run}`;
const prefixB = `kontora-b-${run}`;

describe('deployments sharing a Redis (REDIS_PREFIX)', () => {
  let a: TestApp;
  let b: TestApp;
  const email = `shared-${run}@example.com`;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl, redisPrefix: prefixA });
    b = await createTestApp({ redisUrl, redisPrefix: prefixB });
    await a.user(email);
    await b.user(email);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const redis = new Redis(redisUrl);
    for (const prefix of [prefixA, prefixB]) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });

  const login = (t: TestApp, password: string, socket: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: socket });

  it("locks an account on one deployment only: the other's first login goes through", async () => {
    const socket = `10.77.${Number.parseInt(run.slice(0, 2), 16) % 250}.1`;
    const { limit } = THROTTLE.loginFailuresPerAccount;
    for (let i = 0; i < limit; i++) expect((await login(a, 'wrong password', socket)).statusCode).toBe(401);
    expect((await login(a, PASSWORD, socket)).statusCode).toBe(429);
    expect((await login(b, PASSWORD, socket)).statusCode).toBe(200);
  });

  it('keeps its counters under its own prefix', async () => {
    const redis = new Redis(redisUrl);
    try {
      expect((await redis.keys(`${prefixA}:rl:*`)).length).toBeGreaterThan(0);
      expect(await redis.keys(`kontora:rl:*${email}*`)).toEqual([]);
    } finally {
      await redis.quit();
    }
  });
});

describe('cache evictions on the deployment’s own channel', () => {
  const publisher = new Redis(redisUrl);
  const caches = createAppCaches();
  const sessionCache = caches.sessions;
  const stop = wireCacheInvalidation(caches, redisUrl, `${prefixA}:cache-evict`);
  afterAll(async () => {
    await stop();
    await publisher.quit();
  });

  it("ignores another deployment's evictions and follows its own", async () => {
    sessionCache.set(`token-${run}`, 991, { who: 'a' });
    await new Promise((r) => setTimeout(r, 100)); // let the subscription settle
    await publisher.publish(`${prefixB}:cache-evict`, 'session:991');
    await publisher.publish('kontora:cache-evict', 'session:991');
    await new Promise((r) => setTimeout(r, 200));
    expect(sessionCache.get(`token-${run}`)).toEqual({ who: 'a' });
    await publisher.publish(`${prefixA}:cache-evict`, 'session:991');
    for (let i = 0; i < 50 && sessionCache.get(`token-${run}`) !== undefined; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(sessionCache.get(`token-${run}`)).toBeUndefined();
  });
});
