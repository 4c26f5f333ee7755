import { Redis } from 'ioredis';
import type { TaggedCache } from './tagged-cache.ts';

/** The caches whose evictions must reach the other instances, by the name they are relayed under. */
export interface RelayedCaches {
  sessions: TaggedCache<unknown>;
  companyAccess: TaggedCache<unknown>;
  customerPages: TaggedCache<unknown>;
  apiKeys: TaggedCache<unknown>;
}

/**
 * With several API instances, a logout, a disabled account or a removed
 * membership on one instance must take effect on all of them: the app's cache
 * evictions are broadcast on Redis as `<cache>:<tag>`, on the deployment's own
 * channel (`<REDIS_PREFIX>:cache-evict`), so another deployment on the same
 * Redis hears none. The names on the wire stay those the instances already speak.
 */
export function wireCacheInvalidation(
  app: RelayedCaches,
  redisUrl: string,
  channel: string,
): () => Promise<void> {
  const caches: Record<string, TaggedCache<unknown>> = {
    session: app.sessions,
    company: app.companyAccess,
    customers: app.customerPages,
    apiKey: app.apiKeys,
  };
  const publisher = new Redis(redisUrl);
  const subscriber = new Redis(redisUrl);
  void subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, message: string) => {
    const [name, tag] = message.split(':');
    const cache = name && Object.hasOwn(caches, name) ? caches[name] : undefined;
    if (cache && Number.isSafeInteger(Number(tag))) cache.evict(Number(tag), true);
  });
  for (const [name, cache] of Object.entries(caches)) {
    // A broadcast lost to a Redis outage costs the other instances at most the caches' TTL
    // (5 s) of staleness; it must not surface as an unhandled rejection.
    cache.onEvict((tag) => void publisher.publish(channel, `${name}:${tag}`).catch(() => {}));
  }
  return async () => {
    for (const cache of Object.values(caches)) cache.onEvict(undefined);
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  };
}
