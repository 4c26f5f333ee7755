import type { CompanyRole } from '@kontora/contract/limits';
import type { Database } from '../../db/database.ts';

export interface CompanyAccess {
  is_active: boolean;
  role: CompanyRole | null;
  modules: number[];
}

/** The company, the caller's role in it (null when not a member) and its enabled modules. */
export async function findCompanyAccess(
  db: Database,
  companyId: number,
  userId: number,
): Promise<CompanyAccess | undefined> {
  const company = await db
    .selectFrom('companies')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.company_id', '=', 'companies.id').on('memberships.user_id', '=', userId),
    )
    .select(['companies.is_active', 'memberships.role'])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  if (!company) return undefined;
  return {
    is_active: Boolean(company.is_active),
    role: company.role ?? null,
    modules: await findModuleIds(db, companyId),
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

export function findCompanyModules(db: Database, companyId: number) {
  return db
    .selectFrom('company_modules')
    .innerJoin('modules', 'modules.id', 'company_modules.module_id')
    .select(['modules.id', 'modules.key', 'modules.name'])
    .where('company_modules.company_id', '=', companyId)
    .orderBy('modules.id')
    .execute();
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
