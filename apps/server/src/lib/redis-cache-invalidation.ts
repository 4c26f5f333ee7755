import { Redis } from 'ioredis';
import { apiKeyCache } from '../modules/api-keys/api-key-cache.ts';
import { sessionCache } from '../modules/auth/session-cache.ts';
import { companyAccessCache } from '../modules/companies/company-access-cache.ts';
import { customerPageCache } from '../modules/customers/customer-page-cache.ts';
import type { TaggedCache } from './tagged-cache.ts';

const CHANNEL = 'kontora:cache-evict';
const caches: Record<string, TaggedCache<unknown>> = {
  session: sessionCache,
  company: companyAccessCache,
  customers: customerPageCache,
  apiKey: apiKeyCache,
};

/**
 * With several API instances, a logout, a disabled account or a removed
 * membership on one instance must take effect on all of them: cache evictions
 * are broadcast on Redis as `<cache>:<tag>`.
 */
export function wireCacheInvalidation(redisUrl: string): () => Promise<void> {
  const publisher = new Redis(redisUrl);
  const subscriber = new Redis(redisUrl);
  void subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel: string, message: string) => {
    const [name, tag] = message.split(':');
    const cache = name ? caches[name] : undefined;
    if (cache && Number.isSafeInteger(Number(tag))) cache.evict(Number(tag), true);
  });
  for (const [name, cache] of Object.entries(caches)) {
    cache.onEvict((tag) => void publisher.publish(CHANNEL, `${name}:${tag}`));
  }
  return async () => {
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  };
}
