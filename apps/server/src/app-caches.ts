import { TaggedCache } from './lib/tagged-cache.ts';
import type { VerifiedKey } from './modules/api-keys/verified-key.ts';
import { createEventPageCache, type EventPageCache } from './modules/events/events-page-cache.ts';

/**
 * The app's answer caches, made by `buildApp` and held on its context: two apps in one
 * process (the API tests, a bench) share no entry. Why each exists and who evicts it is told
 * where it is read; those that must agree across instances are relayed over Redis by
 * lib/redis-cache-invalidation.ts (docs/decisions/048-state-on-the-app.md).
 */
export interface AppCaches {
  /**
   * Authenticated sessions by token hash, tagged by person id: read by `authenticate` (auth)
   * on every signed-in request. Every write to what an entry holds evicts the person:
   * sessions (auth, sessions, admin), the person's fields (users, admin) and two-factor
   * sign-in (two-factor), so a logout, reset, disabled account or rename shows at once.
   */
  sessions: TaggedCache<unknown>;
  /**
   * Company access (active flag, the caller's role, enabled modules: `CompanyAccess` of the
   * companies module) by `companyId:userId`, tagged by company id. Every write to companies,
   * memberships or company_modules evicts the company (companies, members, admin).
   */
  companyAccess: TaggedCache<unknown>;
  /**
   * Verified API keys (principal, expiry, last use) by the SHA-256 of the secret, tagged by
   * key id, for 5 seconds: read by `authenticateApiKey` (api-keys) on every key request.
   * Revoking evicts the key (on every instance), so the next request anywhere reads the
   * database and is refused. Unknown and revoked keys are never cached.
   */
  apiKeys: TaggedCache<VerifiedKey>;
  /**
   * Answers of the customer list (the serialised `{data}` JSON) by company and query string,
   * tagged by company id, kept until a customer of that company changes (`customersChanged`,
   * after the commit) or one of its custom fields does (the answers carry their values). The TTL bounds what it cannot see: owners renamed, rows written outside.
   */
  customerPages: TaggedCache<string>;
  /** The CRM dashboard's answers (crm-stats/crm-stats-cache.ts tells for how long). */
  crmStats: TaggedCache<{ body: string; until: number }>;
  /** The to-do list's answers (events/events-page-cache.ts tells when they go). */
  eventPages: EventPageCache;
}

export function createAppCaches(): AppCaches {
  return {
    sessions: new TaggedCache<unknown>(5_000),
    companyAccess: new TaggedCache<unknown>(5_000),
    apiKeys: new TaggedCache<VerifiedKey>(5_000),
    customerPages: new TaggedCache<string>(5_000, 500),
    crmStats: new TaggedCache<{ body: string; until: number }>(60_000, 200),
    eventPages: createEventPageCache(),
  };
}
