import { sql } from 'kysely';
import type { AppCaches } from '../../app-caches.ts';
import type { Database } from '../../db/database.ts';
import type { CompaniesTable } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

const companyColumns = [
  'companies.id',
  'companies.name',
  'companies.legal_name',
  'companies.oib',
  'companies.address',
  'companies.country',
  'companies.time_zone',
  'companies.currency',
  'companies.is_active',
  'companies.created_at',
  'companies.updated_at',
] as const;

export type CompanyFields = Pick<
  CompaniesTable,
  'name' | 'legal_name' | 'oib' | 'address' | 'country' | 'time_zone' | 'currency'
>;

export interface CompanyRow extends CompanyFields {
  id: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

const toRow = <R extends { is_active: boolean | number }>(r: R) => ({
  ...r,
  is_active: Boolean(r.is_active),
});

export async function listCompanies(
  db: Database,
  opts: { q?: string; is_active?: boolean; limit: number; offset: number },
): Promise<{ items: (CompanyRow & { member_count: number })[]; total: number }> {
  let base = db.selectFrom('companies');
  if (opts.is_active !== undefined) base = base.where('companies.is_active', '=', opts.is_active);
  if (opts.q) {
    const pattern = containsPattern(opts.q);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(companies.name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(companies.legal_name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(companies.oib) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const [items, count] = await Promise.all([
    base
      .select(companyColumns)
      .select((eb) =>
        eb
          .selectFrom('memberships')
          .select((m) => m.fn.countAll<number>().as('n'))
          .whereRef('memberships.company_id', '=', 'companies.id')
          .as('member_count'),
      )
      .orderBy('companies.name')
      .orderBy('companies.id')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((r) => ({ ...toRow(r), member_count: Number(r.member_count ?? 0) })),
    total: Number(count.n),
  };
}

export async function findCompany(db: Database, id: number): Promise<CompanyRow | undefined> {
  const row = await db.selectFrom('companies').select(companyColumns).where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

export async function insertCompany(db: Database, caches: AppCaches, values: CompanyFields): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('companies')
    .values({ ...values, is_active: true, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  caches.companyAccess.evict(row.id);
  return row.id;
}

export async function updateCompany(
  db: Database,
  caches: AppCaches,
  id: number,
  patch: Partial<CompanyFields & { is_active: boolean }>,
): Promise<void> {
  await db
    .updateTable('companies')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  caches.companyAccess.evict(id);
}

export async function replaceCompanyModules(
  db: Database,
  caches: AppCaches,
  companyId: number,
  moduleIds: number[],
) {
  await db.deleteFrom('company_modules').where('company_id', '=', companyId).execute();
  if (moduleIds.length) {
    await db
      .insertInto('company_modules')
      .values(moduleIds.map((m) => ({ company_id: companyId, module_id: m })))
      .execute();
  }
  caches.companyAccess.evict(companyId);
}

/** Which of these company ids exist. */
export async function existingCompanyIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('companies').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
