import type { SessionUser } from '@kontora/contract/auth';
import type { UsersTable } from '../db/schema.ts';

/**
 * The signed-in person of a request, as `authenticate` (auth module) finds it
 * and `principalOf` (plugins/access.ts) hands it to routes. Here, below the
 * modules, because the services of many modules take it (auth, two-factor, me,
 * sessions, companies, live).
 */
export interface Principal {
  sessionId: number;
  user: SessionUser & { status: UsersTable['status'] };
  /** Checked where a company requires two-factor sign-in of its members. */
  twoFactorEnabled: boolean;
}
