import { createHmac, randomBytes } from 'node:crypto';
import { isLanguage, LIMITS } from '@kontora/contract/limits';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { hashToken } from '../../lib/tokens.ts';
import { renderInvitationMail } from '../../mail/invitation-templates.ts';
import { jobMessageId, MAIL_JOB_OPTIONS } from '../../mail/mail.jobs.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sendActivationMail } from '../auth/auth.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { createInvitedAccount, findUserWithHashByEmail } from '../users/users.service.ts';
import { INVITATION_TTL_DAYS } from './invitation-ttl.ts';
import { findInvitationForMail, setInvitationLink } from './invitations.repository.ts';

/**
 * The mail of a company invitation. The request that invites only writes the
 * invitation and queues this job, whoever the email belongs to; the job looks
 * the person up: someone with an account gets the accept/decline mail, someone
 * without one gets an invited account and the activation mail (decision 011).
 * As with account mails, the link's token is HMAC(SECRET_KEY, nonce): the
 * jobs table holds only the nonce, the invitation only the token's hash.
 */
export const invitationMailJob = defineJob(
  'mail.company-invitation',
  z.object({
    company_id: z.number().int(),
    invitation_id: z.number().int(),
    nonce: z.string().min(16),
    /** For an account created by this invitation: the name typed by the inviter and the inviter's language. */
    full_name: z.string().max(LIMITS.nameMax).optional(),
    language: z.string(),
  }),
  MAIL_JOB_OPTIONS,
);

const tokenOf = (ctx: AppContext, nonce: string) =>
  createHmac('sha256', ctx.config.secretKey).update(`company-invitation:${nonce}`).digest('base64url');

/**
 * Gives the invitation a new link (the earlier one stops working) and queues
 * its mail, with `db`: pass the transaction that creates or renews it.
 */
export async function queueInvitationMail(
  ctx: AppContext,
  db: Database,
  invitation: { id: number; company_id: number; expires_at: string },
  opts: { full_name?: string; language: string },
): Promise<void> {
  const nonce = randomBytes(18).toString('base64url');
  await setInvitationLink(db, invitation.company_id, invitation.id, {
    token_hash: hashToken(tokenOf(ctx, nonce)),
    expires_at: invitation.expires_at,
  });
  await ctx.jobs.enqueue(db, invitationMailJob, {
    company_id: invitation.company_id,
    invitation_id: invitation.id,
    nonce,
    ...opts,
  });
}

export function registerInvitationMailJobs(ctx: AppContext): void {
  ctx.jobs.handle(invitationMailJob, async (payload, job) => {
    const token = tokenOf(ctx, payload.nonce);
    const invitation = await findInvitationForMail(ctx.db, payload.company_id, payload.invitation_id);
    // Answered, revoked, expired or re-sent since (a newer link replaced this one): nothing to send.
    if (invitation?.status !== 'pending' || invitation.expires_at <= ctx.clock.nowIso()) return;
    if (invitation.token_hash !== hashToken(token)) return;
    const person = await findUserWithHashByEmail(ctx.db, invitation.email);
    // An activation link made for the invitation lasts as long as it, and its mail names who invited.
    const invited = {
      company: invitation.company_name,
      inviter: invitation.inviter ?? ctx.config.appName,
      expiresAt: invitation.expires_at,
      days: INVITATION_TTL_DAYS,
    };
    if (!person) {
      const userId = await ctx.db.transaction().execute(async (trx) => {
        // The invitation's language (since migration 023), else the one queued with the mail.
        const wanted = invitation.language ?? payload.language;
        const language = isLanguage(wanted) ? wanted : 'hr';
        const fullName = payload.full_name ?? invitation.email.split('@')[0] ?? invitation.email;
        const userId = await createInvitedAccount(trx, {
          email: invitation.email,
          full_name: fullName,
          is_admin: false,
          language,
        });
        // Created meanwhile by another invitation: the retry finds the account.
        if (userId === null) throw new Error('account created concurrently; retrying');
        await recordAudit(trx, {
          actorId: invitation.invited_by,
          action: 'user.invite',
          entity: 'user',
          entityId: userId,
          companyId: invitation.company_id,
          before: null,
          after: {
            email: invitation.email,
            full_name: fullName,
            is_admin: false,
            status: 'invited',
            language,
          },
        });
        await sendActivationMail(ctx, trx, { id: userId }, invited);
        return userId;
      });
      // Made by the job, for whoever invited: no one person to name.
      ctx.adminNotices.notify({ kind: 'user.created', id: userId, actorName: null });
      return;
    }
    // Not yet activated: a fresh activation link; activating accepts the invitations waiting for it.
    if (person.status === 'invited') {
      await sendActivationMail(ctx, ctx.db, person, invited);
      return;
    }
    if (person.status !== 'active') return;
    // Also under the bell (their list of invitations is on the company chooser). The mail goes
    // whatever the person chose: it carries the link that answers the invitation.
    await notify(ctx, ctx.db, {
      userId: person.id,
      companyId: invitation.company_id,
      kind: 'invitation',
      recordId: invitation.id,
      route: '/companies',
      data: { title: invitation.company_name, actor_name: invitation.inviter ?? null },
      actorId: invitation.invited_by,
      dedupeKey: `invitation:${invitation.id}`,
    });
    const language = isLanguage(person.language) ? person.language : 'hr';
    const mail = renderInvitationMail(language, {
      to: person.email,
      appName: ctx.config.appName,
      appUrl: ctx.config.appUrl,
      token,
      company: invitation.company_name,
      inviter: invitation.inviter ?? ctx.config.appName,
      role: invitation.role,
    });
    await ctx.mailer.send({ ...mail, messageId: jobMessageId(ctx, job.id, payload.nonce.slice(0, 8)) });
  });
}
