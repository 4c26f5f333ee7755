import type { AppContext } from '../../context.ts';
import type { JobRun } from '../../jobs/jobs.ts';
import { storeEmail } from './emails.repository.ts';
import { MailConnectFailure, openImap } from './imap-connect.ts';
import { excludesMessage, exclusionMatcher } from './mail-exclusion-match.ts';
import { exclusionsOf } from './mail-exclusions.repository.ts';
import { announceMailKept, announceOutbox } from './mail-notices.ts';
import { customersOfAddresses } from './mail-org-domains.ts';
import { parseEmail } from './mail-parse.ts';
import { mailboxServers } from './mailbox-credentials.ts';
import { findMailbox, type MailboxRow } from './mailboxes.repository.ts';
import {
  claimAppend,
  findOutgoing,
  jsonList,
  keptEmailId,
  moveOutgoing,
  type OutboxRow,
  placeKeptEmail,
  releaseAppend,
  userName,
} from './outbox.repository.ts';
import { composeMime, SmtpFailure, sendSmtp, smtpFailureOf } from './smtp-send.ts';

const list = jsonList;

/** Gmail files what its SMTP sends in the Sent folder itself (a Google sign-in too); a second copy would be a duplicate. */
const FILES_SENT_ITSELF = /(^|\.)(gmail|googlemail)\.com$/;

async function mimeOf(ctx: AppContext, box: MailboxRow, row: OutboxRow, date: Date): Promise<Buffer> {
  return composeMime({
    from: { name: await userName(ctx.db, box.user_id), address: box.email },
    to: list(row.to_json),
    cc: list(row.cc_json),
    subject: row.subject,
    html: row.html,
    text: row.text,
    messageId: row.message_id,
    inReplyTo: row.in_reply_to,
    references: list(row.refs),
    date,
  });
}

/**
 * Sends one queued message. The row is claimed (queued → sending) before SMTP is spoken to,
 * and marked sent with its kept copy right after, so:
 * - a retry after the send finds it sent and only finishes the copy in the Sent folder;
 * - a run that finds it `sending` follows one that died mid-send: whether the server took
 *   the message is unknown, so it is marked failed rather than risk sending it twice;
 * - a cancel and the claim cannot both win.
 */
export async function sendOutgoing(
  ctx: AppContext,
  companyId: number,
  outboxId: number,
  run: Pick<JobRun, 'attempt' | 'maxAttempts'>,
): Promise<void> {
  let row = await findOutgoing(ctx.db, companyId, outboxId);
  const box = row && (await findMailbox(ctx.db, companyId, row.mailbox_id));
  if (!row || !box) return;
  if (row.status === 'queued') {
    const claimed = await moveOutgoing(ctx.db, companyId, outboxId, ['queued'], {
      status: 'sending',
      updated_at: ctx.clock.nowIso(),
    });
    if (!claimed) return sendOutgoing(ctx, companyId, outboxId, run);
    await deliver(ctx, box, row, run);
    row = await findOutgoing(ctx.db, companyId, outboxId);
  } else if (row.status === 'sending') {
    await moveOutgoing(ctx.db, companyId, outboxId, ['sending'], {
      status: 'failed',
      last_error: 'unknown_outcome',
      updated_at: ctx.clock.nowIso(),
    });
    announceOutbox(ctx, box);
    return;
  }
  if (row?.status === 'sent' && row.appended_at === null) await fileInSent(ctx, box, row);
}

async function deliver(
  ctx: AppContext,
  box: MailboxRow,
  row: OutboxRow,
  run: Pick<JobRun, 'attempt' | 'maxAttempts'>,
): Promise<void> {
  const { company_id: companyId, id } = row;
  const date = new Date(ctx.clock.now());
  const raw = await mimeOf(ctx, box, row, date);
  const to = [...list(row.to_json), ...list(row.cc_json)];
  try {
    const { smtp } = await mailboxServers(ctx, box);
    if (!smtp) throw new MailConnectFailure('unreachable', 'The mailbox has no SMTP settings.');
    await sendSmtp(ctx, smtp, { from: box.email, to }, raw);
  } catch (err) {
    // A private address or a revoked sign-in stays so until a person acts: not retried.
    const failure =
      err instanceof MailConnectFailure
        ? new SmtpFailure(err.reason, !['private_address', 'oauth_revoked'].includes(err.reason), err.message)
        : smtpFailureOf(err);
    const last = !failure.retry || run.attempt >= run.maxAttempts;
    await moveOutgoing(ctx.db, companyId, id, ['sending'], {
      status: last ? 'failed' : 'queued',
      last_error: failure.reason,
      updated_at: ctx.clock.nowIso(),
    });
    announceOutbox(ctx, box);
    if (last) return;
    throw failure;
  }
  // Sent: from now on no run sends it again. The kept copy puts it on the timeline at once,
  // unless a recipient is excluded (decision 083): sent as asked, but never kept, as the sync
  // of the Sent folder will not keep it either.
  const now = ctx.clock.nowIso();
  const excluded = exclusionMatcher(await exclusionsOf(ctx.db, companyId, box.user_id));
  if (!excludesMessage(excluded, to, box.email)) {
    const mail = await parseEmail(raw, date);
    const customers = await customersOfAddresses(ctx.db, companyId, to);
    const customerIds = [...new Set([...customers.values()].flat().concat(row.customer_id ?? []))];
    await storeEmail(
      ctx.db,
      // Its place until the copy is in the Sent folder: unique per outgoing message.
      { companyId, mailboxId: box.id, folder: 'sent', uidvalidity: 'outbox', uid: id },
      mail,
      customerIds,
      now,
    );
  }
  await moveOutgoing(ctx.db, companyId, id, ['sending', 'failed'], {
    status: 'sent',
    sent_at: date.toISOString(),
    email_id: await keptEmailId(ctx.db, companyId, row.message_id),
    last_error: null,
    updated_at: now,
  });
  // On the timeline now, and out of the owner's scheduled list.
  announceMailKept(ctx, box);
}

/**
 * APPENDs the message to the folder flagged \Sent. The copy is claimed first, so two runs
 * never file it twice (a run that dies mid-append leaves it unfiled rather than doubled); a
 * failure hands the claim back and is retried by the job, never the send.
 */
async function fileInSent(ctx: AppContext, box: MailboxRow, row: OutboxRow): Promise<void> {
  const claimed = await claimAppend(ctx.db, row.company_id, row.id, ctx.clock.nowIso());
  if (!claimed || box.auth === 'google' || FILES_SENT_ITSELF.test(box.smtp_host ?? '')) return;
  try {
    const client = await openImap(ctx, (await mailboxServers(ctx, box)).imap);
    try {
      const sent = (await client.list()).find((f) => f.specialUse === '\\Sent');
      if (!sent) return;
      const date = new Date(row.sent_at ?? ctx.clock.nowIso());
      const appended = await client.append(sent.path, await mimeOf(ctx, box, row, date), ['\\Seen'], date);
      if (appended && appended.uid !== undefined && appended.uidValidity !== undefined && row.email_id) {
        await placeKeptEmail(ctx.db, row.company_id, row.email_id, {
          uidvalidity: String(appended.uidValidity),
          uid: appended.uid,
        });
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  } catch (err) {
    await releaseAppend(ctx.db, row.company_id, row.id);
    throw err;
  }
}
