import type { MailConnectError } from '@kontora/contract/mailboxes';
import type { AppContext } from '../../context.ts';
import { sendMailboxFailingMail } from './mailbox-failing-mail.ts';
import { type MailboxRow, updateMailbox } from './mailboxes.repository.ts';

const MINUTE = 60_000;
/** A day of failing tells the owner (once per run of failures). */
export const FAILING_MAIL_AFTER_MS = 24 * 60 * MINUTE;

/**
 * The next try of a failing mailbox: as long again as it has failed so far, between one
 * minute and an hour, so a server that is down for days is not asked every minute.
 */
function retryAt(failingSince: number, now: number): string {
  return new Date(now + Math.min(Math.max(now - failingSince, MINUTE), 60 * MINUTE)).toISOString();
}

/** A run failed: the reason, when it will be tried again, and after a day a mail to its owner. */
export async function markFailing(ctx: AppContext, box: MailboxRow, reason: MailConnectError): Promise<void> {
  const now = ctx.clock.now();
  const since = box.failing_since ? Date.parse(box.failing_since) : now;
  await ctx.db.transaction().execute(async (trx) => {
    await updateMailbox(trx, box.company_id, box.id, {
      status: 'failing',
      last_error: reason,
      failing_since: new Date(since).toISOString(),
      retry_at: retryAt(since, now),
      updated_at: new Date(now).toISOString(),
    });
    if (now - since < FAILING_MAIL_AFTER_MS || box.failure_mailed_at) return;
    // Only the run that sets it sends the mail: a second run beside it finds it set.
    const taken = await trx
      .updateTable('mailboxes')
      .set({ failure_mailed_at: new Date(now).toISOString() })
      .where('company_id', '=', box.company_id)
      .where('id', '=', box.id)
      .where('failure_mailed_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) await sendMailboxFailingMail(ctx, trx, box);
  });
}

/** A run went through: the failures, if any, are over. */
export async function markSynced(ctx: AppContext, box: MailboxRow): Promise<void> {
  const now = ctx.clock.nowIso();
  await updateMailbox(ctx.db, box.company_id, box.id, {
    status: 'ok',
    last_error: null,
    last_synced_at: now,
    failing_since: null,
    retry_at: null,
    failure_mailed_at: null,
    updated_at: now,
  });
}
