import type { CompanyProfile, MyCompaniesData } from '@kontora/contract/me';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import {
  type CompanyAccess,
  findCompanyAccess,
  findCompanyProfile,
  companyTimeZone as findCompanyTimeZone,
  findModuleIds,
  findModuleIdsOf,
} from './company-access.repository.ts';
import { listCompaniesFor, listDeactivatedFor } from './my-companies.repository.ts';

/** The company's IANA time zone as stored (callers fall back with safeTimeZone). */
export function companyTimeZone(db: Database, companyId: number): Promise<string | undefined> {
  return findCompanyTimeZone(db, companyId);
}

/** The company's enabled module ids, ascending (inside a transaction when given one). */
export function moduleIdsOf(db: Database, companyId: number): Promise<number[]> {
  return findModuleIds(db, companyId);
}

/** Enabled module ids of many companies in one query, for lists. */
export function moduleIdsOfMany(db: Database, companyIds: number[]): Promise<Map<number, number[]>> {
  return findModuleIdsOf(db, companyIds);
}

/**
 * The company, the person's role in it (null when not a member) and its
 * enabled modules; null when there is no such company. Asked on every
 * company-scoped request, so answers are cached (`ctx.caches.companyAccess`, app-caches.ts).
 */
export async function companyAccess(
  ctx: AppContext,
  companyId: number,
  userId: number,
): Promise<CompanyAccess | null> {
  let found = cachedCompanyAccess(ctx, companyId, userId);
  if (found === undefined) {
    found = (await findCompanyAccess(ctx.db, companyId, userId)) ?? null;
    ctx.caches.companyAccess.set(`${companyId}:${userId}`, companyId, found);
  }
  return found;
}

/** `companyAccess` from the cache alone, without a Promise: undefined when it must be read. */
export function cachedCompanyAccess(
  ctx: AppContext,
  companyId: number,
  userId: number,
): CompanyAccess | null | undefined {
  return ctx.caches.companyAccess.get(`${companyId}:${userId}`) as CompanyAccess | null | undefined;
}

export async function companyProfile(ctx: AppContext, companyId: number): Promise<CompanyProfile> {
  const profile = await findCompanyProfile(ctx.db, companyId);
  if (!profile) throw notFound();
  // The instance's limit, shown by the import wizard before a file is sent.
  return { ...profile, import_max_bytes: ctx.config.importMaxBytes };
}

/** The companies a person may open, each with its enabled modules. */
export async function companiesOf(
  ctx: AppContext,
  user: { id: number; is_admin: boolean },
  query: { q?: string | undefined; limit: number; offset: number },
): Promise<MyCompaniesData> {
  const page = await listCompaniesFor(ctx.db, user, query);
  const modules = await findModuleIdsOf(
    ctx.db,
    page.items.map((c) => c.id),
  );
  return {
    items: page.items.map((c) => ({ ...c, modules: modules.get(c.id) ?? [] })),
    total: page.total,
    // A superuser opens those too; anyone else is told why a company of theirs is missing.
    deactivated: user.is_admin ? [] : await listDeactivatedFor(ctx.db, user.id),
  };
}
