import { TaggedCache } from './tagged-cache.ts';

/**
 * Company access (active flag, the caller's role, enabled modules; the shape is
 * `CompanyAccess` of the companies module, which reads it) by `companyId:userId`,
 * tagged by company id. It sits below the modules because several of them write
 * what an entry holds: every write to companies, memberships or company_modules
 * must call `evict(companyId)`; the repositories that write them do (companies,
 * members, admin).
 */
export const companyAccessCache = new TaggedCache<unknown>(5_000);
