import type { LoginData } from '@kontora/contract/auth';
import {
  TWO_FACTOR_CHALLENGE_MINUTES,
  type TwoFactorChallenge,
  type TwoFactorLoginBody,
} from '@kontora/contract/two-factor';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, isoIn, newToken } from '../../lib/tokens.ts';
import { verifySecondFactor } from '../two-factor/two-factor.service.ts';
import { findUserWithHashById } from '../users/users.service.ts';
import { consumeToken, findUsableToken, insertOneTimeToken } from './one-time-tokens.repository.ts';
import { startSession } from './session.service.ts';

const CHALLENGE_TTL_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000;

const challengeExpired = () =>
  new AppError(401, 'challenge_expired', 'This sign-in has expired. Please sign in again.');

/**
 * The half-session after a correct password: a 256-bit token, stored hashed
 * as a one-time token, valid 5 minutes, good only for the second step (it is
 * not a session: no other route accepts it).
 */
export async function issueTwoFactorChallenge(ctx: AppContext, userId: number): Promise<TwoFactorChallenge> {
  const token = newToken();
  const expiresAt = isoIn(CHALLENGE_TTL_MS);
  await insertOneTimeToken(ctx.db, {
    user_id: userId,
    purpose: 'two_factor_login',
    token_hash: hashToken(token),
    expires_at: expiresAt,
  });
  return { next_step: 'two_factor', token, expires_at: expiresAt };
}

/** The second step: a valid code or recovery code turns the half-session into the usual login answer. */
export async function completeTwoFactorLogin(
  ctx: AppContext,
  body: TwoFactorLoginBody,
  request: FastifyRequest,
): Promise<LoginData> {
  const found = await findUsableToken(ctx.db, 'two_factor_login', hashToken(body.token), ctx.clock.nowIso());
  if (!found) throw challengeExpired();
  const user = await findUserWithHashById(ctx.db, found.user_id);
  if (user?.status !== 'active') throw challengeExpired();
  if (!(await verifySecondFactor(ctx, user, body))) {
    throw new AppError(401, 'invalid_code', 'The code is not correct or has already been used.');
  }
  if (!(await consumeToken(ctx.db, found.id, ctx.clock.nowIso()))) throw challengeExpired();
  return startSession(ctx, user, request);
}
