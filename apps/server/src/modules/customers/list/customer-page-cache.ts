import type { AppCaches } from '../../../app-caches.ts';

/**
 * Every committed write to a company's customers calls this (after the commit, so a
 * concurrent reader cannot cache the state before it) to drop the company's cached list
 * answers (`AppCaches.customerPages`); with REDIS_URL the eviction reaches the other
 * instances (lib/redis-cache-invalidation.ts relays it as `customers`).
 */
export function customersChanged(caches: Pick<AppCaches, 'customerPages'>, companyId: number): void {
  caches.customerPages.evict(companyId);
}
