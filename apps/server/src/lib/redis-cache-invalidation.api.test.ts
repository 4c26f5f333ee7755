import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '../app-caches.ts';
import { wireCacheInvalidation } from './redis-cache-invalidation.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const caches = createAppCaches();
const { sessions: sessionCache, customerPages: customerPageCache, apiKeys: apiKeyCache } = caches;
const stop = wireCacheInvalidation(caches, redisUrl, 'kontora:cache-evict');
const otherInstance = new Redis(redisUrl);
afterAll(async () => {
  await stop();
  await otherInstance.quit();
});

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('cache invalidation across instances', () => {
  it('an eviction published by another instance empties the matching entries here', async () => {
    sessionCache.set('token-a', 901, { who: 'a' });
    customerPageCache.set('902:?q=x', 902, '{"data":[]}');
    await new Promise((r) => setTimeout(r, 100)); // let the subscription settle
    await otherInstance.publish('kontora:cache-evict', 'session:901');
    await otherInstance.publish('kontora:cache-evict', 'customers:902');
    expect(await eventually(() => sessionCache.get('token-a') === undefined)).toBe(true);
    expect(await eventually(() => customerPageCache.get('902:?q=x') === undefined)).toBe(true);
  });

  it('a key revoked on another instance leaves the key cache here (decision 013)', async () => {
    const verified = {
      principal: {
        id: 904,
        companyId: 1,
        name: 'Shop',
        scopes: { customers: 'read' as const },
        rateLimit: 600,
      },
      rateLimitHeader: '600',
      expiresAt: Date.now() + 86_400_000,
      lastUsedAt: 0,
    };
    apiKeyCache.set('key-hash-904', 904, verified);
    await new Promise((r) => setTimeout(r, 100));
    await otherInstance.publish('kontora:cache-evict', 'apiKey:904');
    expect(await eventually(() => apiKeyCache.get('key-hash-904') === undefined)).toBe(true);
  });

  it('a local eviction is broadcast for the other instances', async () => {
    const listener = new Redis(redisUrl);
    const received: string[] = [];
    await listener.subscribe('kontora:cache-evict');
    listener.on('message', (_c: string, m: string) => received.push(m));
    sessionCache.evict(903);
    expect(await eventually(() => received.includes('session:903'))).toBe(true);
    await listener.quit();
  });
});
