import type { MySessionsData } from '@kontora/contract/sessions';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { isoIn } from '../../lib/tokens.ts';
import { endSessionsOf } from '../auth/session.service.ts';
import { deviceName } from './device-name.ts';
import { deleteSessionOfUser, listLiveSessionsOfUser } from './my-sessions.repository.ts';

export async function listMySessions(ctx: AppContext, principal: Principal): Promise<MySessionsData> {
  const rows = await listLiveSessionsOfUser(
    ctx.db,
    principal.user.id,
    ctx.clock.nowIso(),
    isoIn(-ctx.config.session.idleMs),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      current: row.id === principal.sessionId,
      user_agent: row.user_agent,
      device: deviceName(row.user_agent),
      ip: row.ip,
      created_at: row.created_at,
      last_seen_at: row.last_used_at,
    })),
  };
}

/** Another person's session answers 404 like a missing one: ids reveal nothing. */
export async function revokeMySession(ctx: AppContext, principal: Principal, sessionId: number) {
  if (!(await deleteSessionOfUser(ctx.db, ctx.caches, principal.user.id, sessionId)))
    throw notFound('Session');
}

export function revokeMyOtherSessions(ctx: AppContext, principal: Principal): Promise<number> {
  return endSessionsOf(ctx.db, ctx.caches, principal.user.id, principal.sessionId);
}
