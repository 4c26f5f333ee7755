import type { AppContext } from '../../context.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';

export interface MailboxSecrets {
  imap: string;
  smtp: string | null;
  /** A mailbox signed in with a provider (decision 078): its tokens instead of passwords. */
  oauth?: { access: string; refresh: string | null };
}

/** The passwords (or OAuth tokens) are sealed with SECRET_KEY under their own purpose (lib/secret-box.ts). */
const boxOf = (ctx: AppContext) => secretBoxFor(ctx.config.secretKey, 'mailbox-credentials');

export const sealSecrets = (ctx: AppContext, secrets: MailboxSecrets): string =>
  boxOf(ctx).seal(Buffer.from(JSON.stringify(secrets)));

export const openSecrets = (ctx: AppContext, sealed: string): MailboxSecrets =>
  JSON.parse(boxOf(ctx).open(sealed).toString('utf8')) as MailboxSecrets;
