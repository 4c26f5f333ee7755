import { TaggedCache } from '../../lib/tagged-cache.ts';
import type { CompanyAccess } from './company-access.repository.ts';

/**
 * Company access (active flag, the caller's role, enabled modules) by
 * `companyId:userId`, tagged by company id. Every write to companies,
 * memberships or company_modules must call `evict(companyId)`; the repositories
 * that write them do.
 */
export const companyAccessCache = new TaggedCache<CompanyAccess | null>(5_000);
