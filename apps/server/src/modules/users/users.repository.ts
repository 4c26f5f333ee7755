import type { AppCaches } from '../../app-caches.ts';
import type { Database } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/** Columns safe to load for an authenticated person; the password hash is selected only where it is checked. */
export const userColumns = [
  'users.id',
  'users.email',
  'users.full_name',
  'users.is_admin',
  'users.status',
  'users.language',
  'users.preferences',
  'users.notification_preferences',
  'users.last_login_at',
] as const;

export type UserRow = Pick<
  UsersTable,
  'email' | 'full_name' | 'status' | 'language' | 'preferences' | 'last_login_at'
> & { id: number; is_admin: boolean | number; notification_preferences: string };

export function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export function findUserWithHashByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.password_hash'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserWithHashById(db: Database, id: number) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateUser(
  db: Database,
  caches: AppCaches,
  id: number,
  patch: Partial<
    Pick<
      UsersTable,
      'full_name' | 'language' | 'preferences' | 'password_hash' | 'status' | 'last_login_at'
    > & {
      notification_preferences: string;
    }
  >,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  // Cached sessions carry the person's fields (name, flags, status); drop them so the change shows at once.
  caches.sessions.evict(id);
}

/** When the person last signed in (not a change to the person: updated_at stays). */
export async function recordLogin(db: Database, id: number, at: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
}

export async function insertUser(
  db: Database,
  values: {
    email: string;
    full_name: string;
    password_hash: string | null;
    is_admin: boolean;
    status: UsersTable['status'];
    language: string;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      ...values,
      email: values.email.toLowerCase(),
      preferences: '{}',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates an account in status `invited`; null when the email is taken (also under a concurrent insert). */
export async function insertInvitedUser(
  db: Database,
  values: { email: string; full_name: string; is_admin: boolean; language: string },
): Promise<number | null> {
  try {
    return await insertUser(db, { ...values, password_hash: null, status: 'invited' });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}
