import type {
  DisableTwoFactorBody,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@kontora/contract/two-factor';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Principal } from '../../lib/principal.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { checkCurrentPassword } from '../users/users.service.ts';
import { newRecoveryCodes } from './recovery-codes.ts';
import { checkUnderSecondStepLimit } from './second-step-limit.ts';
import { base32Of, matchingStep, newTotpSeed, otpauthUrl } from './totp.ts';
import {
  claimStep,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  evictTwoFactorOf,
  findTwoFactor,
  listUnusedRecoveryCodes,
  replaceRecoveryCodes,
  savePendingTwoFactor,
  useRecoveryCode,
} from './two-factor.repository.ts';
import {
  sendRecoveryCodeUsedMail,
  sendTwoFactorDisabledMail,
  sendTwoFactorEnabledMail,
} from './two-factor-mail.ts';

const invalidCode = (field: 'code' | 'recovery_code' = 'code') =>
  new AppError(400, 'invalid_code', 'The code is not correct or has already been used.', {
    details: { [field]: ['invalid_code'] },
  });
const conflict = (message: string) => new AppError(409, 'conflict', message);

const secretBox = (ctx: AppContext) => createSecretBox(ctx.config.secretKey, 'totp-secret');

export async function twoFactorStatus(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(ctx.db, userId);
  const enabled = !!row?.enabled_at;
  return {
    enabled,
    enabled_at: row?.enabled_at ?? null,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(ctx.db, userId) : 0,
  };
}

export async function hasTwoFactor(ctx: AppContext, userId: number): Promise<boolean> {
  return !!(await findTwoFactor(ctx.db, userId))?.enabled_at;
}

/** A new secret, not active until a code from it is confirmed. */
export async function startSetup(ctx: AppContext, principal: Principal): Promise<TwoFactorSetup> {
  if (await hasTwoFactor(ctx, principal.user.id)) {
    throw conflict('Two-factor sign-in is already on. Turn it off first to set up a new app.');
  }
  const seed = newTotpSeed();
  await savePendingTwoFactor(ctx.db, principal.user.id, secretBox(ctx).seal(seed));
  const url = otpauthUrl(seed, principal.user.email, ctx.config.appName);
  const qr = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: base32Of(seed), otpauth_url: url, qr_svg: qr };
}

/** Completes enrolment with a valid code; answers the recovery codes, shown this once. */
export async function enableTwoFactor(
  ctx: AppContext,
  principal: Principal,
  code: string,
): Promise<RecoveryCodes> {
  const userId = principal.user.id;
  const row = await findTwoFactor(ctx.db, userId);
  if (!row) throw conflict('Start the set-up first.');
  if (row.enabled_at) throw conflict('Two-factor sign-in is already on.');
  const seed = secretBox(ctx).open(row.secret_encrypted);
  let codes: string[] = [];
  const ok = await checkUnderSecondStepLimit(ctx, userId, async () => {
    const step = matchingStep(seed, code);
    if (step === null) return false;
    codes = newRecoveryCodes();
    const hashes = await hashRecoveryCodes(codes);
    // On together with its recovery codes, or not at all.
    return ctx.db.transaction().execute(async (trx) => {
      if (!(await claimStep(trx, ctx.caches, userId, step, true))) return false;
      await replaceRecoveryCodes(trx, userId, hashes);
      await sendTwoFactorEnabledMail(ctx, trx, principal.user);
      return true;
    });
  });
  if (!ok) throw invalidCode();
  // Again after commit: a request between the eviction and the commit may have cached "no two-factor".
  evictTwoFactorOf(ctx.caches, userId);
  return { recovery_codes: codes };
}

export async function disableTwoFactor(
  ctx: AppContext,
  principal: Principal,
  body: DisableTwoFactorBody,
): Promise<void> {
  const userId = principal.user.id;
  if (!(await hasTwoFactor(ctx, userId))) throw conflict('Two-factor sign-in is not on.');
  await assertCurrentPassword(ctx, userId, body.password);
  if (!(await verifySecondFactor(ctx, principal.user, body))) {
    throw invalidCode(body.code === undefined ? 'recovery_code' : 'code');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, ctx.caches, userId);
    await sendTwoFactorDisabledMail(ctx, trx, principal.user);
  });
  evictTwoFactorOf(ctx.caches, userId);
}

/** New codes after the password is entered again; every earlier code stops working. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  principal: Principal,
  password: string,
): Promise<RecoveryCodes> {
  const userId = principal.user.id;
  if (!(await hasTwoFactor(ctx, userId))) throw conflict('Two-factor sign-in is not on.');
  await assertCurrentPassword(ctx, userId, password);
  return { recovery_codes: await issueRecoveryCodes(ctx, userId) };
}

/**
 * Checks a second factor under the lockout: an authenticator code (±1 step,
 * not in a step already used) or an unused recovery code (then used up, and
 * the person is told by mail). False when wrong.
 */
export async function verifySecondFactor(
  ctx: AppContext,
  person: { id: number; email: string; language: string },
  factor: { code?: string | undefined; recovery_code?: string | undefined },
): Promise<boolean> {
  const row = await findTwoFactor(ctx.db, person.id);
  if (!row?.enabled_at) return false;
  if (factor.code !== undefined) {
    const seed = secretBox(ctx).open(row.secret_encrypted);
    const code = factor.code;
    return checkUnderSecondStepLimit(ctx, person.id, async () => {
      const step = matchingStep(seed, code);
      return step !== null && (await claimStep(ctx.db, ctx.caches, person.id, step));
    });
  }
  const recovery = factor.recovery_code;
  if (recovery === undefined) return false;
  const used = await checkUnderSecondStepLimit(ctx, person.id, async () => {
    const unused = await listUnusedRecoveryCodes(ctx.db, person.id);
    const matches = await Promise.all(unused.map((c) => verifyPassword(recovery, c.code_hash)));
    const hit = unused[matches.indexOf(true)];
    return !!hit && (await useRecoveryCode(ctx.db, hit.id));
  });
  if (used)
    await sendRecoveryCodeUsedMail(ctx, ctx.db, person, await countUnusedRecoveryCodes(ctx.db, person.id));
  return used;
}

/** Hashed like passwords (argon2id, off the event loop): a stolen database does not give them away. */
const hashRecoveryCodes = (codes: string[]) => Promise.all(codes.map((c) => hashPassword(c)));

async function issueRecoveryCodes(ctx: AppContext, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = await hashRecoveryCodes(codes);
  await ctx.db.transaction().execute((trx) => replaceRecoveryCodes(trx, userId, hashes));
  return codes;
}

async function assertCurrentPassword(ctx: AppContext, userId: number, password: string): Promise<void> {
  if (!(await checkCurrentPassword(ctx, userId, password))) {
    throw new AppError(400, 'wrong_password', 'The password is not correct.', {
      details: { password: ['wrong_password'] },
    });
  }
}
