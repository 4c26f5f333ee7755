import { TaggedCache } from '../../lib/tagged-cache.ts';
import type { ApiKeyAuthRow } from './api-keys.repository.ts';

/**
 * Valid keys by token hash, tagged by key id, for 5 seconds: a key read then
 * costs no query (the session cache does the same for people). Revoking a key
 * evicts it, and with REDIS_URL the eviction reaches every instance
 * (lib/redis-cache-invalidation.ts), so the next request anywhere reads the
 * database and is refused. Unknown keys are never cached.
 */
export const apiKeyCache = new TaggedCache<ApiKeyAuthRow>(5_000);
