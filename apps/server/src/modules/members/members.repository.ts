import type { CompanyRole } from '@kontora/contract/limits';
import type { Member } from '@kontora/contract/members';
import type { AppCaches } from '../../app-caches.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';

const memberColumns = [
  'memberships.user_id',
  'users.email',
  'users.full_name',
  'users.status',
  'memberships.role',
  'memberships.created_at',
] as const;

export function listMembers(db: Database, companyId: number): Promise<Member[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(memberColumns)
    .where('memberships.company_id', '=', companyId)
    .orderBy('users.full_name')
    .orderBy('users.id')
    .execute();
}

export function findMember(db: Database, companyId: number, userId: number): Promise<Member | undefined> {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(memberColumns)
    .where('memberships.company_id', '=', companyId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

/** Members by lower-case email, for CSV import's owner column. */
export async function memberIdsByEmail(db: Database, companyId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email'])
    .where('m.company_id', '=', companyId)
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

/** Whether the person is a member of the company. */
export async function isMember(db: Database, companyId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMembership(
  db: Database,
  values: { company_id: number; user_id: number; role: CompanyRole },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ ...values, created_at: new Date().toISOString() })
    .execute();
}

export async function updateMembershipRole(
  db: Database,
  companyId: number,
  userId: number,
  role: CompanyRole,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ role })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMembership(db: Database, companyId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Drops the company's cached access. Membership writes run in a transaction and the caller
 * evicts once it has committed (members.service.ts `inCompanyTransaction`, or
 * `forgetCompanyAccess`): evicting before the commit would let a request in between cache
 * the old state again on PostgreSQL.
 */
export function evictCompanyAccess(caches: AppCaches, companyId: number): void {
  caches.companyAccess.evict(companyId);
}

export async function countOwners(db: Database, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Serialises changes to one company's team inside a transaction, so two
 * concurrent demotions cannot both pass the last-owner check. PostgreSQL
 * locks the company row; SQLite transactions already run one at a time.
 * Answers whether the company exists.
 */
export async function lockCompany(db: Database, companyId: number): Promise<boolean> {
  const q = db.selectFrom('companies').select('id').where('id', '=', companyId);
  const row = await (dialectOf(db) === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  return row !== undefined;
}
