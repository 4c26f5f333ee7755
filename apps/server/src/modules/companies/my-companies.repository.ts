import type { CompanyRole } from '@kontora/contract/limits';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

export interface MyCompanyRow {
  id: number;
  name: string;
  role: CompanyRole | null;
}

/**
 * The companies a person may open: their active memberships, or for a
 * superuser every company (with their role where they are also a member).
 */
export async function listCompaniesFor(
  db: Database,
  user: { id: number; is_admin: boolean },
  opts: { q?: string; limit: number; offset: number },
): Promise<{ items: MyCompanyRow[]; total: number }> {
  let base = db
    .selectFrom('companies')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.company_id', '=', 'companies.id').on('memberships.user_id', '=', user.id),
    );
  if (!user.is_admin)
    base = base.where('memberships.user_id', 'is not', null).where('companies.is_active', '=', true);
  if (opts.q) {
    const pattern = containsPattern(opts.q);
    base = base.where(sql<boolean>`lower(companies.name) like ${pattern} escape '\\'`);
  }
  const [items, count] = await Promise.all([
    base
      .select(['companies.id', 'companies.name', 'memberships.role'])
      .orderBy('companies.name')
      .orderBy('companies.id')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((r) => ({ id: r.id, name: r.name, role: r.role ?? null })),
    total: Number(count.n),
  };
}

/** A person's memberships of deactivated companies (they cannot open them, but should know why). */
export function listDeactivatedFor(db: Database, userId: number): Promise<MyCompanyRow[]> {
  return db
    .selectFrom('companies')
    .innerJoin('memberships', 'memberships.company_id', 'companies.id')
    .select(['companies.id', 'companies.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .where('companies.is_active', '=', false)
    .orderBy('companies.name')
    .orderBy('companies.id')
    .limit(20)
    .execute();
}
