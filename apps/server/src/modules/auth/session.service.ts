import type { LoginData } from '@kontora/contract/auth';
import type { FastifyRequest } from 'fastify';
import type { AppCaches } from '../../app-caches.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { hashToken, isoIn, newToken } from '../../lib/tokens.ts';
import { recordLogin, toSessionUser, type UserRow } from '../users/users.service.ts';
import {
  deleteSession,
  deleteSessionsOfUser,
  findSessionByTokenHash,
  insertSession,
  touchSession,
} from './sessions.repository.ts';

/** Writing last_used_at on every request would turn each read into a write; once a minute is precise enough for idle expiry. */
const TOUCH_INTERVAL_MS = 60_000;

const sessionEnded = () =>
  new AppError(401, 'session_expired', 'Your session has ended. Please sign in again.');

export async function authenticate(ctx: AppContext, token: string | undefined): Promise<Principal> {
  if (!token) throw new AppError(401, 'unauthenticated', 'Please sign in.');
  if (token.length > 200) throw sessionEnded();
  const tokenHash = hashToken(token);
  const now = ctx.clock.now();
  const cached = ctx.caches.sessions.get(tokenHash, now) as (Principal & { expiresAt: number }) | undefined;
  if (cached && cached.expiresAt > now) return cached;
  const row = await findSessionByTokenHash(ctx.db, tokenHash);
  if (!row) throw sessionEnded();
  const idleUntil = Date.parse(row.last_used_at) + ctx.config.session.idleMs;
  if (Date.parse(row.expires_at) <= now || idleUntil <= now || row.status !== 'active') {
    await deleteSession(ctx.db, ctx.caches, row.session_id, row.id);
    throw sessionEnded();
  }
  if (now - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, row.session_id, new Date(now).toISOString());
  }
  const principal: Principal = {
    sessionId: row.session_id,
    user: { ...toSessionUser(row), status: row.status },
    twoFactorEnabled: Boolean(row.two_factor_enabled),
  };
  // Cached only while the session is surely valid: its idle limit is at least a minute away.
  ctx.caches.sessions.set(tokenHash, row.id, {
    ...principal,
    expiresAt: Math.min(Date.parse(row.expires_at), idleUntil),
  });
  return principal;
}

/** Ends all sessions of a person (but one, when given); takes effect on the very next request. */
export function endSessionsOf(
  db: Database,
  caches: AppCaches,
  userId: number,
  exceptSessionId?: number,
): Promise<number> {
  return deleteSessionsOfUser(db, caches, userId, exceptSessionId);
}

/** Opens a session for a person who has just proved who they are, and returns the login answer. */
export async function startSession(
  ctx: AppContext,
  user: UserRow,
  request: FastifyRequest,
): Promise<LoginData> {
  const token = newToken();
  const expiresAt = isoIn(ctx.config.session.maxMs);
  await insertSession(ctx.db, {
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: expiresAt,
    user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
    ip: request.ip ?? null,
  });
  const lastLogin = ctx.clock.nowIso();
  await recordLogin(ctx.db, user.id, lastLogin);
  return {
    ...toSessionUser({ ...user, last_login_at: lastLogin }),
    token,
    expires_at: expiresAt,
    next_step: null,
  };
}
