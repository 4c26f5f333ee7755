import type { ActivateBody, ActivationPreview, LoginBody, LoginData } from '@kontora/contract/auth';
import { FALLBACK_LANGUAGE, isLanguage } from '@kontora/contract/limits';
import type { TwoFactorChallenge } from '@kontora/contract/two-factor';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { guessablePasswordReason } from '../../lib/password-guessability.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Principal } from '../../lib/principal.ts';
import { countAttempt, THROTTLE, takeAttempts } from '../../lib/throttle.ts';
import { hashToken } from '../../lib/tokens.ts';
import { hasTwoFactor } from '../two-factor/two-factor.service.ts';
import {
  findUserWithHashByEmail,
  findUserWithHashById,
  type UserRow,
  updateUser,
} from '../users/users.service.ts';
import {
  type ActivationInvitation,
  queueActivationMail,
  queuePasswordResetMail,
} from './account-mail.jobs.ts';
import { consumeToken, findUsableToken, invalidateTokens } from './one-time-tokens.repository.ts';
import { startSession } from './session.service.ts';
import { deleteSession, deleteSessionsOfUser } from './sessions.repository.ts';
import { issueTwoFactorChallenge } from './two-factor-login.service.ts';

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Incorrect email or password.');
const invalidToken = () =>
  new AppError(400, 'invalid_token', 'This link is invalid, has expired or has already been used.');

/**
 * Unknown email and wrong password take the same path and the same time (a
 * hash is always verified) and give the same answer, so login reveals nothing.
 *
 * The attempt is counted before the password is verified (takeAttempts), so
 * parallel guesses never get more verifications than the limits. A correct
 * password clears the account's failures and gives its address count back: only
 * failures use up what people behind one proxy share.
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  request: FastifyRequest,
): Promise<LoginData | TwoFactorChallenge> {
  const accountKey = `login:acct:${body.email}`;
  const addressKey = `login:ip:${request.ip}`;
  await takeAttempts(ctx, [
    { key: accountKey, rule: THROTTLE.loginFailuresPerAccount },
    { key: addressKey, rule: THROTTLE.loginFailuresPerAddress },
  ]);

  const user = await findUserWithHashByEmail(ctx.db, body.email);
  const ok = await verifyPassword(body.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.password_hash) throw invalidCredentials();
  await ctx.limiter.reset(accountKey);
  await ctx.limiter.giveBack(addressKey);
  // Only someone who knows the password learns that the account is disabled.
  if (user.status === 'disabled')
    throw new AppError(403, 'account_disabled', 'This account has been disabled.');
  // With two-factor sign-in the password only opens the second step (a 5-minute half-session).
  if (await hasTwoFactor(ctx, user.id)) return issueTwoFactorChallenge(ctx, user.id);
  return startSession(ctx, user, request);
}

export async function logout(ctx: AppContext, principal: Principal): Promise<void> {
  await deleteSession(ctx.db, ctx.caches, principal.sessionId, principal.user.id);
}

/**
 * Rejects passwords that are common, or built from the person's email or name or the
 * product's name (400 with details on `field`).
 */
export function assertAcceptablePassword(
  ctx: AppContext,
  password: string,
  person: { email: string; full_name: string | null },
  field = 'password',
): void {
  const reason = guessablePasswordReason(password, {
    email: person.email,
    fullName: person.full_name,
    productName: ctx.config.appName,
  });
  if (reason === 'common_password')
    throw new AppError(400, 'validation_failed', 'This password is too common. Choose another.', {
      details: { [field]: [reason] },
    });
  if (reason)
    throw new AppError(400, 'validation_failed', 'This password is built from a name. Choose another.', {
      details: { [field]: [reason] },
    });
}

/**
 * Creates an activation link for an invited person and queues its mail in their
 * language, with `db`: pass the transaction that invites them, so the mail goes
 * out exactly when the invitation commits.
 */
export async function sendActivationMail(
  ctx: AppContext,
  db: Database,
  user: Pick<UserRow, 'id'>,
  invited?: ActivationInvitation,
): Promise<string> {
  return queueActivationMail(ctx, db, user.id, invited);
}

/** The invited person an unused activation link belongs to (counted as a token attempt of the address). */
async function activationTarget(ctx: AppContext, token: string, request: FastifyRequest) {
  await countAttempt(ctx, `token:ip:${request.ip}`, THROTTLE.tokenAttemptsPerAddress);
  const found = await findUsableToken(ctx.db, 'activation', hashToken(token), ctx.clock.nowIso());
  if (!found) throw invalidToken();
  const user = await findUserWithHashById(ctx.db, found.user_id);
  if (!user || user.status === 'disabled') throw invalidToken();
  return { found, user };
}

/**
 * The activation page before activating: in the invitation's language (the
 * account was made in it) with the name the inviter typed.
 * The link itself is the secret, so its holder may see the name.
 */
export async function previewActivation(
  ctx: AppContext,
  token: string,
  request: FastifyRequest,
): Promise<ActivationPreview> {
  const { user } = await activationTarget(ctx, token, request);
  return {
    full_name: user.full_name,
    language: isLanguage(user.language) ? user.language : FALLBACK_LANGUAGE,
  };
}

export async function activate(
  ctx: AppContext,
  token: string,
  body: ActivateBody,
  request: FastifyRequest,
): Promise<LoginData> {
  const { found, user } = await activationTarget(ctx, token, request);
  assertAcceptablePassword(ctx, body.password, { email: user.email, full_name: body.full_name });
  const passwordHash = await hashPassword(body.password);
  if (!(await consumeToken(ctx.db, found.id, ctx.clock.nowIso()))) throw invalidToken();
  await updateUser(ctx.db, ctx.caches, user.id, {
    full_name: body.full_name,
    password_hash: passwordHash,
    status: 'active',
  });
  ctx.adminNotices.notify({ kind: 'user.updated', id: user.id, actorName: body.full_name });
  // What other modules do on activation, such as accepting the invitations that made the account (decision 011).
  await ctx.accountActivated.run(user);
  return startSession(ctx, { ...user, full_name: body.full_name, status: 'active' }, request);
}

/**
 * Always answers the same. The per-email counter runs whether or not the
 * account exists, so even throttling reveals nothing.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  request: FastifyRequest,
): Promise<void> {
  await countAttempt(ctx, `reset:ip:${request.ip}`, THROTTLE.resetRequestsPerAddress);
  await countAttempt(ctx, `reset:acct:${email}`, THROTTLE.resetRequestsPerAccount);
  await queuePasswordResetMail(ctx, email);
}

export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  request: FastifyRequest,
): Promise<void> {
  await countAttempt(ctx, `token:ip:${request.ip}`, THROTTLE.tokenAttemptsPerAddress);
  const found = await findUsableToken(ctx.db, 'password_reset', hashToken(token), ctx.clock.nowIso());
  if (!found) throw invalidToken();
  const user = await findUserWithHashById(ctx.db, found.user_id);
  if (user?.status !== 'active') throw invalidToken();
  assertAcceptablePassword(ctx, password, user);
  const passwordHash = await hashPassword(password);
  if (!(await consumeToken(ctx.db, found.id, ctx.clock.nowIso()))) throw invalidToken();
  await updateUser(ctx.db, ctx.caches, user.id, { password_hash: passwordHash });
  // Whoever had the old password is signed out everywhere, and loses a second step they had reached.
  await deleteSessionsOfUser(ctx.db, ctx.caches, user.id);
  await invalidateTokens(ctx.db, user.id, 'two_factor_login', ctx.clock.nowIso());
  await ctx.limiter.reset(`login:acct:${user.email}`);
}
