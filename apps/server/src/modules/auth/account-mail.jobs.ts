import { createHmac, randomBytes } from 'node:crypto';
import { isLanguage } from '@kontora/contract/limits';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { hashToken, isoIn } from '../../lib/tokens.ts';
import { jobMessageId, MAIL_JOB_OPTIONS } from '../../mail/mail.jobs.ts';
import { renderTokenMail } from '../../mail/templates.ts';
import { findUserWithHashByEmail, findUserWithHashById } from '../users/users.service.ts';
import { findUsableToken, insertOneTimeToken, invalidateTokens } from './one-time-tokens.repository.ts';

const DAY_MS = 24 * 3_600_000;
export const ACTIVATION_TTL_MS = 7 * DAY_MS;

/**
 * An activation for an account a company's invitation made: its link lasts as long as the
 * invitation (the team screen shows that expiry), and the mail names the company and inviter.
 */
export interface ActivationInvitation {
  company: string;
  inviter: string;
  expiresAt: string;
  days: number;
}
export const RESET_TTL_MS = 3_600_000;

/**
 * Activation and reset mails. The link's token never sits in the jobs table: the
 * payload holds a random nonce and the token is HMAC(SECRET_KEY, nonce), so every
 * attempt sends the same link and the same Message-ID, while a copy of the
 * database alone opens no account.
 */
export const accountMailJob = defineJob(
  'mail.account',
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('activation'),
      user_id: z.number().int(),
      nonce: z.string().min(16),
      /** Days the link is valid, as its expiry was set (absent in jobs queued before: the default). */
      days: z.number().int().optional(),
      /** The company invitation that made the account: named in the mail. */
      invited: z.object({ company: z.string(), inviter: z.string() }).optional(),
    }),
    // Reset is requested by email; the account is looked up in the job so the answer's timing reveals nothing.
    z.object({ kind: z.literal('password_reset'), email: z.string(), nonce: z.string().min(16) }),
  ]),
  MAIL_JOB_OPTIONS,
);

const tokenOf = (ctx: AppContext, nonce: string) =>
  createHmac('sha256', ctx.config.secretKey).update(`account-mail:${nonce}`).digest('base64url');

const newNonce = () => randomBytes(18).toString('base64url');

/**
 * Creates an activation link (replacing earlier ones) and queues its mail, both
 * with `db`: pass the transaction that creates or changes the account.
 */
export async function queueActivationMail(
  ctx: AppContext,
  db: Database,
  userId: number,
  invited?: ActivationInvitation,
): Promise<string> {
  const nonce = newNonce();
  const token = tokenOf(ctx, nonce);
  await invalidateTokens(db, userId, 'activation', ctx.clock.nowIso());
  await insertOneTimeToken(db, {
    user_id: userId,
    purpose: 'activation',
    token_hash: hashToken(token),
    expires_at: invited?.expiresAt ?? isoIn(ACTIVATION_TTL_MS),
  });
  await ctx.jobs.enqueue(db, accountMailJob, {
    kind: 'activation',
    user_id: userId,
    nonce,
    days: invited?.days ?? ACTIVATION_TTL_MS / DAY_MS,
    ...(invited ? { invited: { company: invited.company, inviter: invited.inviter } } : {}),
  });
  return token;
}

export async function queuePasswordResetMail(ctx: AppContext, email: string): Promise<void> {
  await ctx.jobs.enqueue(ctx.db, accountMailJob, { kind: 'password_reset', email, nonce: newNonce() });
}

export function registerAccountMailJobs(ctx: AppContext): void {
  ctx.jobs.handle(accountMailJob, async (payload, job) => {
    const token = tokenOf(ctx, payload.nonce);
    const tokenHash = hashToken(token);
    let user: Awaited<ReturnType<typeof findUserWithHashById>>;
    if (payload.kind === 'activation') {
      user = await findUserWithHashById(ctx.db, payload.user_id);
      // A newer invitation or an activation since then: this link is void, so sending it would only confuse.
      if (!user || !(await findUsableToken(ctx.db, 'activation', tokenHash, ctx.clock.nowIso()))) return;
    } else {
      user = await findUserWithHashByEmail(ctx.db, payload.email);
      if (user?.status !== 'active') return;
      // The first attempt makes the link; a retry finds it and sends the same one again.
      if (!(await findUsableToken(ctx.db, 'password_reset', tokenHash, ctx.clock.nowIso()))) {
        const target = user;
        await ctx.db.transaction().execute(async (trx) => {
          await invalidateTokens(trx, target.id, 'password_reset', ctx.clock.nowIso());
          await insertOneTimeToken(trx, {
            user_id: target.id,
            purpose: 'password_reset',
            token_hash: tokenHash,
            expires_at: isoIn(RESET_TTL_MS),
          });
        });
      }
    }
    const language = isLanguage(user.language) ? user.language : 'hr';
    const mail = renderTokenMail(payload.kind, language, {
      to: user.email,
      appName: ctx.config.appName,
      appUrl: ctx.config.appUrl,
      token,
      ...(payload.kind === 'activation'
        ? { days: payload.days ?? ACTIVATION_TTL_MS / DAY_MS, invited: payload.invited }
        : {}),
    });
    await ctx.mailer.send({ ...mail, messageId: jobMessageId(ctx, job.id, payload.nonce.slice(0, 8)) });
  });
}
