/**
 * The users module's face to other modules. People have no rules of their own
 * here (sign-in, the team and the admin area hold those), so the face is the
 * person store itself: the reads and writes others need, the DTO, the columns
 * safe to load for a query that joins users (the session lookup), and the
 * check of a person's current password that password change (me) and the
 * two-factor settings share.
 */
export { checkCurrentPassword } from './current-password.ts';
export { toSessionUser } from './user-dto.ts';
export {
  findUserById,
  findUserWithHashByEmail,
  findUserWithHashById,
  insertUser,
  recordLogin,
  type UserRow,
  updateUser,
  userColumns,
} from './users.repository.ts';

import type { Database } from '../../db/database.ts';
import { insertInvitedUser } from './users.repository.ts';

/** Creates an account in status `invited`; null when the email is taken (also under a concurrent insert). */
export function createInvitedAccount(
  db: Database,
  values: { email: string; full_name: string; is_admin: boolean; language: string },
): Promise<number | null> {
  return insertInvitedUser(db, values);
}
