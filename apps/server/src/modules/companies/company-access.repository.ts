import type { CompanyRole } from '@kontora/contract/limits';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';

export interface CompanyAccess {
  is_active: boolean;
  /** Members must have two-factor sign-in to reach the company's data. */
  require_two_factor: boolean;
  role: CompanyRole | null;
  modules: number[];
}

/**
 * The company, the caller's role in it (null when not a member) and its
 * enabled modules, in one query: it runs on every company-scoped request.
 */
export async function findCompanyAccess(
  db: Database,
  companyId: number,
  userId: number,
): Promise<CompanyAccess | undefined> {
  const modules =
    dialectOf(db) === 'postgres'
      ? sql<
          string | null
        >`(select string_agg(module_id::text, ',') from company_modules where company_id = companies.id)`
      : sql<
          string | null
        >`(select group_concat(module_id) from company_modules where company_id = companies.id)`;
  const row = await db
    .selectFrom('companies')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.company_id', '=', 'companies.id').on('memberships.user_id', '=', userId),
    )
    .select([
      'companies.is_active',
      'companies.require_two_factor',
      'memberships.role',
      modules.as('module_ids'),
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    is_active: Boolean(row.is_active),
    require_two_factor: Boolean(row.require_two_factor),
    role: row.role ?? null,
    modules: row.module_ids
      ? String(row.module_ids)
          .split(',')
          .map(Number)
          .sort((a, b) => a - b)
      : [],
  };
}

export async function findModuleIds(db: Database, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('company_modules')
    .select('module_id')
    .where('company_id', '=', companyId)
    .orderBy('module_id')
    .execute();
  return rows.map((r) => r.module_id);
}

/** Module ids of many companies in one query, for lists. */
export async function findModuleIdsOf(db: Database, companyIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return map;
  const rows = await db
    .selectFrom('company_modules')
    .select(['company_id', 'module_id'])
    .where('company_id', 'in', companyIds)
    .orderBy('module_id')
    .execute();
  for (const r of rows) map.get(r.company_id)?.push(r.module_id);
  return map;
}

/** The company's IANA time zone (undefined when there is no such company). */
export async function companyTimeZone(db: Database, companyId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('time_zone')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.time_zone;
}

export function findCompanyProfile(db: Database, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'legal_name', 'country', 'time_zone', 'currency', 'workday_start'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}
