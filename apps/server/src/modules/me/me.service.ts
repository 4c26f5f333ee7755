import type { SessionUser } from '@kontora/contract/auth';
import type { ChangePasswordBody, UpdateMeBody } from '@kontora/contract/me';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Principal } from '../../lib/principal.ts';
import { assertAcceptablePassword } from '../auth/auth.service.ts';
import { endSessionsOf } from '../auth/session.service.ts';
import { checkCurrentPassword, findUserById, toSessionUser, updateUser } from '../users/users.service.ts';

export async function updateMe(
  ctx: AppContext,
  principal: Principal,
  body: UpdateMeBody,
): Promise<SessionUser> {
  const notifications = body.notification_preferences && {
    notification_preferences: JSON.stringify({
      ...principal.user.notification_preferences,
      ...body.notification_preferences,
    }),
  };
  await updateUser(ctx.db, ctx.caches, principal.user.id, {
    ...notifications,
    ...(body.full_name !== undefined && { full_name: body.full_name }),
    ...(body.language !== undefined && { language: body.language }),
    ...(body.preferences !== undefined && { preferences: JSON.stringify(body.preferences) }),
  });
  const row = await findUserById(ctx.db, principal.user.id);
  if (!row) throw notFound('Person');
  // Preferences show on no admin screen: only a new name or language is worth a refetch there.
  if (body.full_name !== undefined || body.language !== undefined)
    ctx.adminNotices.notify({ kind: 'user.updated', id: row.id, actorName: row.full_name });
  return toSessionUser(row);
}

/** Needs the current password; every other session of the person ends, this one stays. */
export async function changePassword(
  ctx: AppContext,
  principal: Principal,
  body: ChangePasswordBody,
): Promise<void> {
  const user = await checkCurrentPassword(ctx, principal.user.id, body.current_password);
  if (!user) {
    throw new AppError(400, 'wrong_password', 'The current password is not correct.', {
      details: { current_password: ['wrong_password'] },
    });
  }
  assertAcceptablePassword(ctx, body.new_password, user, 'new_password');
  await updateUser(ctx.db, ctx.caches, user.id, { password_hash: await hashPassword(body.new_password) });
  await endSessionsOf(ctx.db, ctx.caches, user.id, principal.sessionId);
}
