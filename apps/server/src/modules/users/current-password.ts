import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { countAttempt, THROTTLE } from '../../lib/throttle.ts';
import { findUserWithHashById } from './users.repository.ts';

/**
 * Checks a signed-in person's current password (password change, two-factor
 * settings) under one limit shared by all those routes: a stolen session must not
 * become a way to guess the password. Counted before the check, like logins; a
 * correct password clears the count. Answers the person when the password is
 * right, `null` when not (the caller words the refusal for its own field).
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  userId: number,
  password: string,
): Promise<NonNullable<Awaited<ReturnType<typeof findUserWithHashById>>> | null> {
  const key = `password-check:user:${userId}`;
  await countAttempt(ctx, key, THROTTLE.currentPasswordChecksPerPerson);
  const user = await findUserWithHashById(ctx.db, userId);
  if (!user?.password_hash) throw notFound('Person');
  if (!(await verifyPassword(password, user.password_hash))) return null;
  await ctx.limiter.reset(key);
  return user;
}
