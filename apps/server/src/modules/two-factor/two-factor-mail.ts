import { isLanguage } from '@kontora/contract/limits';
import type { AppContext } from '../../context.ts';
import { renderSecurityNotice, type SecurityNotice } from '../../mail/security-notice-templates.ts';

type Person = { email: string; language: string };

/** One function per notice, each sent the way the account mails are (in the person's language, as a job). */
function sendNotice(ctx: AppContext, kind: SecurityNotice, person: Person, codesLeft?: number): void {
  const language = isLanguage(person.language) ? person.language : 'hr';
  const mail = renderSecurityNotice(kind, language, {
    to: person.email,
    appName: ctx.config.appName,
    appUrl: ctx.config.appUrl,
    codesLeft,
  });
  ctx.jobs.enqueue(`mail:${kind}`, () => ctx.mailer.send(mail));
}

export function sendTwoFactorEnabledMail(ctx: AppContext, person: Person): void {
  sendNotice(ctx, 'two_factor_enabled', person);
}

export function sendTwoFactorDisabledMail(ctx: AppContext, person: Person): void {
  sendNotice(ctx, 'two_factor_disabled', person);
}

export function sendRecoveryCodeUsedMail(ctx: AppContext, person: Person, codesLeft: number): void {
  sendNotice(ctx, 'recovery_code_used', person, codesLeft);
}
