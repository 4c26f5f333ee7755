import { TaggedCache } from '../../lib/tagged-cache.ts';

/**
 * Authenticated sessions by token hash, tagged by person id. The users and
 * sessions repositories evict a person on every write to them, so a logout,
 * password reset, disabled account or renamed person shows on the next request.
 *
 * One cache per process: several apps in one process (tests) share it
 * harmlessly, since token hashes never collide and an over-eviction costs a miss.
 */
export const sessionCache = new TaggedCache<unknown>(5_000);
