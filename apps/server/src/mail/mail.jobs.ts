import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { defineJob } from '../jobs/define-job.ts';

/**
 * Mail is retried for about two hours (30 s, 1 min, 2 min … capped at 30 min,
 * 8 tries): long enough to ride out an SMTP restart or outage, short enough
 * that a link still within its validity arrives.
 */
export const MAIL_JOB_OPTIONS = { maxAttempts: 8, backoff: { baseMs: 30_000, maxMs: 30 * 60_000 } };

/** A rendered mail without secrets (notifications); account mails with links use `mail.account`. */
export const sendMailJob = defineJob(
  'mail.send',
  z.object({
    to: z.string().min(3).max(320),
    subject: z.string().max(500),
    text: z.string(),
    html: z.string(),
  }),
  MAIL_JOB_OPTIONS,
);

/** `<job-17.a1b2@kontora.example>`: the same for every attempt of a job, so the mail is recognisably one. */
export function jobMessageId(ctx: AppContext, jobId: string, salt = ''): string {
  const host = new URL(ctx.config.appUrl).hostname || 'kontora.local';
  return `<job-${jobId}${salt ? `.${salt}` : ''}@${host}>`;
}

export function registerMailJobs(ctx: AppContext): void {
  ctx.jobs.handle(sendMailJob, async (mail, job) => {
    await ctx.mailer.send({ ...mail, messageId: jobMessageId(ctx, job.id) });
  });
}
