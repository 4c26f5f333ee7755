import { TaggedCache } from './tagged-cache.ts';

/**
 * Authenticated sessions by token hash, tagged by person id: read by
 * `authenticate` (auth) on every signed-in request. It sits below the modules
 * because several of them write what an entry holds, and each evicts the person
 * on every such write: sessions (auth, sessions, admin), the person's fields
 * (users, admin) and two-factor sign-in (two-factor). So a logout, password
 * reset, disabled account or renamed person shows on the next request.
 *
 * One cache per process: several apps in one process (tests) share it
 * harmlessly, since token hashes never collide and an over-eviction costs a miss.
 */
export const sessionCache = new TaggedCache<unknown>(5_000);
