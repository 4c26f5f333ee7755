import { Redis } from 'ioredis';
import { apiKeyCache } from '../modules/api-keys/api-key-cache.ts';
import { customerPageCache } from '../modules/customers/customer-page-cache.ts';
import { companyAccessCache } from './company-access-cache.ts';
import { sessionCache } from './session-cache.ts';
import type { TaggedCache } from './tagged-cache.ts';

const caches: Record<string, TaggedCache<unknown>> = {
  session: sessionCache,
  company: companyAccessCache,
  customers: customerPageCache,
  apiKey: apiKeyCache,
};

/**
 * With several API instances, a logout, a disabled account or a removed
 * membership on one instance must take effect on all of them: cache evictions
 * are broadcast on Redis as `<cache>:<tag>`, on the deployment's own channel
 * (`<REDIS_PREFIX>:cache-evict`), so another deployment on the same Redis hears none.
 */
export function wireCacheInvalidation(redisUrl: string, channel: string): () => Promise<void> {
  const publisher = new Redis(redisUrl);
  const subscriber = new Redis(redisUrl);
  void subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, message: string) => {
    const [name, tag] = message.split(':');
    const cache = name ? caches[name] : undefined;
    if (cache && Number.isSafeInteger(Number(tag))) cache.evict(Number(tag), true);
  });
  for (const [name, cache] of Object.entries(caches)) {
    // A broadcast lost to a Redis outage costs the other instances at most the caches' TTL
    // (5 s) of staleness; it must not surface as an unhandled rejection.
    cache.onEvict((tag) => void publisher.publish(channel, `${name}:${tag}`).catch(() => {}));
  }
  return async () => {
    // The caches outlive this app (they are the process's): they stop broadcasting through it.
    for (const cache of Object.values(caches)) cache.onEvict(undefined);
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  };
}
