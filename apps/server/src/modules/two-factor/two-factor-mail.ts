import { isLanguage } from '@kontora/contract/limits';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { sendMailJob } from '../../mail/mail.jobs.ts';
import { renderSecurityNotice, type SecurityNotice } from '../../mail/security-notice-templates.ts';

type Person = { email: string; language: string };

/**
 * One function per notice, in the person's language, as a durable mail job enqueued in `db`
 * (the transaction of the change where there is one, so the notice goes iff the change commits).
 */
async function sendNotice(
  ctx: AppContext,
  db: Database,
  kind: SecurityNotice,
  person: Person,
  codesLeft?: number,
): Promise<void> {
  const language = isLanguage(person.language) ? person.language : 'hr';
  const mail = renderSecurityNotice(kind, language, {
    to: person.email,
    appName: ctx.config.appName,
    appUrl: ctx.config.appUrl,
    codesLeft,
  });
  await ctx.jobs.enqueue(db, sendMailJob, mail);
}

export function sendTwoFactorEnabledMail(ctx: AppContext, db: Database, person: Person): Promise<void> {
  return sendNotice(ctx, db, 'two_factor_enabled', person);
}

export function sendTwoFactorDisabledMail(ctx: AppContext, db: Database, person: Person): Promise<void> {
  return sendNotice(ctx, db, 'two_factor_disabled', person);
}

export function sendRecoveryCodeUsedMail(
  ctx: AppContext,
  db: Database,
  person: Person,
  codesLeft: number,
): Promise<void> {
  return sendNotice(ctx, db, 'recovery_code_used', person, codesLeft);
}
