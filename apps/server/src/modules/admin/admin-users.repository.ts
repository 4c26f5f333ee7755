import type { CompanyRole } from '@kontora/contract/limits';
import { sql } from 'kysely';
import type { AppCaches } from '../../app-caches.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { UsersTable } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

/** What the admin pages show of a person: never the password hash. */
const adminUserColumns = [
  'users.id',
  'users.email',
  'users.full_name',
  'users.is_admin',
  'users.status',
  'users.language',
  'users.last_login_at',
  'users.created_at',
  'users.updated_at',
] as const;

export interface AdminUserRow {
  id: number;
  email: string;
  full_name: string;
  is_admin: boolean;
  status: UsersTable['status'];
  language: string;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

const toRow = <R extends { is_admin: boolean | number }>(r: R) => ({ ...r, is_admin: Boolean(r.is_admin) });

export async function listUsers(
  db: Database,
  opts: {
    q?: string;
    status?: UsersTable['status'];
    is_admin?: boolean;
    company_id?: number;
    limit: number;
    offset: number;
  },
): Promise<{ items: (AdminUserRow & { company_count: number })[]; total: number }> {
  let base = db.selectFrom('users');
  if (opts.status) base = base.where('users.status', '=', opts.status);
  if (opts.is_admin !== undefined) base = base.where('users.is_admin', '=', opts.is_admin);
  if (opts.company_id !== undefined) {
    const companyId = opts.company_id;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships')
          .select('memberships.user_id')
          .whereRef('memberships.user_id', '=', 'users.id')
          .where('memberships.company_id', '=', companyId),
      ),
    );
  }
  if (opts.q) {
    const pattern = containsPattern(opts.q);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`users.email like ${pattern} escape '\\'`,
        sql<boolean>`lower(users.full_name) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const [items, count] = await Promise.all([
    base
      .select(adminUserColumns)
      .select((eb) =>
        eb
          .selectFrom('memberships')
          .select((m) => m.fn.countAll<number>().as('n'))
          .whereRef('memberships.user_id', '=', 'users.id')
          .as('company_count'),
      )
      .orderBy('users.full_name')
      .orderBy('users.id')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((r) => ({ ...toRow(r), company_count: Number(r.company_count ?? 0) })),
    total: Number(count.n),
  };
}

export async function findAdminUser(db: Database, id: number): Promise<AdminUserRow | undefined> {
  const row = await db.selectFrom('users').select(adminUserColumns).where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** Whether the person has ever set a password (decides what re-enabling returns them to). */
export async function hasPassword(db: Database, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb('password_hash', 'is not', null).as('set'))
    .where('id', '=', id)
    .executeTakeFirst();
  return Boolean(row?.set);
}

export async function findUserIdByEmail(db: Database, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function updateUserAsAdmin(
  db: Database,
  caches: AppCaches,
  id: number,
  patch: Partial<Pick<UsersTable, 'full_name' | 'language' | 'status'> & { is_admin: boolean }>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  // Cached sessions carry the superuser flag and status: the change must show on the next request.
  caches.sessions.evict(id);
}

/** Evicts again once a transaction has committed (see evictCompanyAccess). */
export function evictSessionsOf(caches: AppCaches, userId: number): void {
  caches.sessions.evict(userId);
}

/**
 * Active superusers, counted under a lock on PostgreSQL so that two
 * superusers cannot demote or disable each other at the same moment.
 */
export async function countActiveSuperusersLocked(db: Database): Promise<number> {
  const q = db.selectFrom('users').select('id').where('is_admin', '=', true).where('status', '=', 'active');
  const rows = await (dialectOf(db) === 'postgres' ? q.forUpdate() : q).execute();
  return rows.length;
}

export function listMembershipsOfUser(db: Database, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.company_id')
    .select([
      'memberships.company_id',
      'companies.name as company_name',
      'companies.is_active as company_is_active',
      'memberships.role',
      'memberships.created_at',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('companies.name')
    .orderBy('companies.id')
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        role: r.role as CompanyRole,
        company_is_active: Boolean(r.company_is_active),
      })),
    );
}
