import { TaggedCache } from '../../lib/tagged-cache.ts';

/**
 * Answers of the customer list (the serialised `{data}` JSON) by company and
 * query string, tagged by company id. The list is what every CRM screen opens
 * with and asks again after each change elsewhere; an answer is the same for
 * every member, so it is kept until a customer of that company changes.
 *
 * Every committed write to a company's customers calls `customersChanged`
 * (after the commit, so a concurrent reader cannot cache the state before it);
 * with REDIS_URL the eviction reaches the other instances (registered in
 * lib/redis-cache-invalidation.ts as `customers`). The TTL bounds what the
 * cache cannot see: owners renamed, rows written outside the application.
 */
export const customerPageCache = new TaggedCache<string>(5_000, 500);

export function customersChanged(companyId: number): void {
  customerPageCache.evict(companyId);
}
