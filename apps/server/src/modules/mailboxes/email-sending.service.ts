import { randomUUID } from 'node:crypto';
import { EMAIL_SEND_LIMITS, type EmailSendBody, type OutgoingEmail } from '@kontora/contract/email-sending';
import type { AppContext } from '../../context.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { replyTarget } from './email-reads.repository.ts';
import { templateForSend } from './email-templates.service.ts';
import { type MergeSource, mergeHtml, mergeText, mergeValues } from './mail-merge.ts';
import { announceOutbox } from './mail-notices.ts';
import { sendEmailJob } from './mailbox-jobs.ts';
import { customersByEmail, findMailbox } from './mailboxes.repository.ts';
import {
  customersForSend,
  dealTitle,
  findOutgoing,
  insertOutgoing,
  jsonList,
  moveOutgoing,
  type OutboxRow,
  outgoingByIds,
  scheduledOf,
  userName,
} from './outbox.repository.ts';

const DAY = 86_400_000;
const list = jsonList;

export const outgoingDto = (row: OutboxRow): OutgoingEmail => ({
  id: row.id,
  mailbox_id: row.mailbox_id,
  status: row.status,
  to: list(row.to_json),
  cc: list(row.cc_json),
  subject: row.subject,
  send_at: row.send_at,
  sent_at: row.sent_at,
  email_id: row.email_id,
  customer_id: row.customer_id,
  deal_id: row.deal_id,
  last_error: row.last_error,
});

/** The caller's own mailbox that can send; another person's is as absent as another company's. */
async function sendingMailbox(ctx: AppContext, actor: Actor, id: number) {
  const box = await findMailbox(ctx.db, actor.companyId, id);
  if (!box || box.user_id !== personOf(actor)) throw notFound('Mailbox');
  if (!box.smtp_host || !box.smtp_port) {
    throw invalidField('mailbox_id', 'no_smtp', 'This mailbox has no SMTP settings to send with.');
  }
  return box;
}

/** In-Reply-To and References of an answer to a kept message (RFC 5322 §3.6.4). */
async function replyHeaders(ctx: AppContext, actor: Actor, id: number | undefined) {
  if (id === undefined) return { inReplyTo: null, refs: [] as string[] };
  const parent = await replyTarget(ctx.db, { companyId: actor.companyId, userId: personOf(actor) }, id);
  if (!parent) throw invalidField('in_reply_to', 'not_found');
  const earlier = list(parent.refs);
  const chain = earlier.length > 0 ? earlier : parent.in_reply_to ? [parent.in_reply_to] : [];
  return {
    inReplyTo: parent.message_id,
    refs: [...chain.filter((r) => r !== parent.message_id), parent.message_id].slice(-50),
  };
}

/**
 * Queues one message, or one per customer for a list: merge fields filled for each, sent
 * by a background job at `send_at` (by default after the undo window).
 */
export async function queueEmails(
  ctx: AppContext,
  actor: Actor,
  body: EmailSendBody,
): Promise<OutgoingEmail[]> {
  const box = await sendingMailbox(ctx, actor, body.mailbox_id);
  const template =
    body.template_id === undefined
      ? undefined
      : await templateForSend(ctx, actor.companyId, body.template_id);
  if (body.template_id !== undefined && !template) throw invalidField('template_id', 'not_found');
  const deal =
    body.deal_id === undefined ? null : ((await dealTitle(ctx.db, actor.companyId, body.deal_id)) ?? null);
  if (body.deal_id !== undefined && !deal) throw invalidField('deal_id', 'not_found');
  const reply = await replyHeaders(ctx, actor, body.in_reply_to);

  const now = ctx.clock.now();
  const sendAt = body.send_at
    ? Math.max(Date.parse(body.send_at), now)
    : now + EMAIL_SEND_LIMITS.undoSeconds * 1000;
  if (sendAt > now + EMAIL_SEND_LIMITS.scheduleMaxDays * DAY) throw invalidField('send_at', 'too_far');

  type Customer = NonNullable<MergeSource['customer']> & { id: number };
  let messages: { to: string[]; customer: Customer | null }[];
  if (body.customer_ids) {
    const ids = [...new Set(body.customer_ids)];
    const found = await customersForSend(ctx.db, actor.companyId, ids);
    if (found.length !== ids.length) throw invalidField('customer_ids', 'not_found');
    if (found.some((c) => !c.email))
      throw invalidField('customer_ids', 'no_email', 'Some customers have no email address.');
    messages = found.map((c) => ({ to: [c.email as string], customer: c }));
  } else {
    const to = body.to ?? [];
    // A message to one customer's address merges that customer's fields; one to several, none.
    const byEmail =
      to.length === 1 ? await customersByEmail(ctx.db, actor.companyId, to) : new Map<string, number[]>();
    const id = byEmail.get(to[0] ?? '')?.[0];
    const [customer] = id === undefined ? [] : await customersForSend(ctx.db, actor.companyId, [id]);
    messages = [{ to, customer: customer ?? null }];
  }

  const subject = body.subject ?? template?.subject ?? '';
  const ownBody = body.html !== undefined || body.text !== undefined;
  const html = ownBody ? (body.html ?? null) : (template?.html ?? null);
  const text = ownBody ? (body.text ?? null) : (template?.text ?? null);
  const sender = { name: await userName(ctx.db, box.user_id), email: box.email, signature: box.signature };
  const domain = box.email.split('@')[1] ?? 'kontora.invalid';
  const nowIso = new Date(now).toISOString();

  const ids = await ctx.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const message of messages) {
      const values = mergeValues({ customer: message.customer, deal, sender });
      const id = await insertOutgoing(trx, {
        company_id: actor.companyId,
        mailbox_id: box.id,
        status: 'queued',
        message_id: `<${randomUUID()}@${domain}>`,
        in_reply_to: reply.inReplyTo,
        refs: JSON.stringify(reply.refs),
        to_json: JSON.stringify(message.to),
        cc_json: JSON.stringify(body.cc),
        subject: mergeText(subject, values)
          .replace(/[\r\n]+/g, ' ')
          .slice(0, EMAIL_SEND_LIMITS.subjectMax),
        html: html === null ? null : mergeHtml(html, values),
        text: text === null ? null : mergeText(text, values),
        customer_id: message.customer?.id ?? null,
        deal_id: deal?.id ?? null,
        send_at: new Date(sendAt).toISOString(),
        sent_at: null,
        email_id: null,
        appended_at: null,
        last_error: null,
        created_at: nowIso,
        updated_at: nowIso,
      });
      await ctx.jobs.enqueue(
        trx,
        sendEmailJob,
        { company_id: actor.companyId, outbox_id: id },
        { runAt: new Date(sendAt), idempotencyKey: `send:${actor.companyId}:${id}` },
      );
      ids.push(id);
    }
    return ids;
  });
  announceOutbox(ctx, box);
  return (await outgoingByIds(ctx.db, actor.companyId, ids)).map(outgoingDto);
}

/** Takes back a message not yet sent; one already on its way or sent is a 409. */
export async function cancelEmail(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await findOutgoing(ctx.db, actor.companyId, id);
  const box = row && (await findMailbox(ctx.db, actor.companyId, row.mailbox_id));
  if (!row || !box || box.user_id !== personOf(actor)) throw notFound('Email');
  if (row.status === 'cancelled') return;
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const moved = await moveOutgoing(trx, actor.companyId, id, ['queued'], {
      status: 'cancelled',
      updated_at: ctx.clock.nowIso(),
    });
    if (moved)
      await ctx.jobs.cancelWaiting(trx, sendEmailJob, { company_id: actor.companyId, outbox_id: id });
    return moved;
  });
  if (!cancelled) throw new AppError(409, 'conflict', 'This message has already been sent.');
  announceOutbox(ctx, box);
}

/** The caller's own messages not yet sent, soonest first; cancelled through `cancelEmail`. */
export async function scheduledEmails(ctx: AppContext, actor: Actor): Promise<OutgoingEmail[]> {
  return (await scheduledOf(ctx.db, actor.companyId, personOf(actor))).map(outgoingDto);
}
