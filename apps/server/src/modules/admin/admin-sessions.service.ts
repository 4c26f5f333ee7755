import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { endSessionsOf } from '../auth/session.service.ts';
import type { TeamActor } from '../members/members.service.ts';
import { findAdminUser } from './admin-users.repository.ts';

/** Signs a person out everywhere (a lost laptop, a suspected break-in); audited like other admin actions. */
export async function revokeAllSessionsOf(
  ctx: AppContext,
  actor: TeamActor,
  userId: number,
): Promise<number> {
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    if (!(await findAdminUser(trx, userId))) throw notFound('Person');
    const count = await endSessionsOf(trx, ctx.caches, userId);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'user.revoke_sessions',
      entity: 'user',
      entityId: userId,
      companyId: null,
      before: null,
      after: { sessions_ended: count },
    });
    return count;
  });
  // Evicted again after commit: a request between the eviction and the commit may have cached the session.
  await endSessionsOf(ctx.db, ctx.caches, userId);
  return revoked;
}
