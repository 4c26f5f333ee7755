import type { Readable } from 'node:stream';
import type {
  EmailAddress,
  EmailMessage,
  EmailThread,
  Mailbox,
  MailboxCreateBody,
  MailboxPatchBody,
  MailServer,
} from '@kontora/contract/mailboxes';
import { MAILBOX_LIMITS } from '@kontora/contract/mailboxes';
import type { AppContext } from '../../context.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { announceMail } from '../live/live.service.ts';
import { deleteBlobs, openBlob } from '../social-media/media-blobs.service.ts';
import {
  attachmentsOf,
  customerExists,
  dealCustomerIds,
  findAttachment,
  messageFor,
  type Reader,
  threadIdsOfCustomers,
  threadMessages,
} from './email-reads.repository.ts';
import { MailConnectFailure, testImap } from './imap-connect.ts';
import { announceMailKept } from './mail-notices.ts';
import { hasRemoteImages, withRemoteImages } from './mail-parse.ts';
import { syncMailboxJob } from './mailbox-jobs.ts';
import { openSecrets, sealSecrets } from './mailbox-secrets.ts';
import {
  deleteMailboxRow,
  disconnectMailboxRow,
  findMailbox,
  insertMailbox,
  listOwnMailboxes,
  type MailboxRow,
  messageCounts,
  updateMailbox as updateMailboxRow,
} from './mailboxes.repository.ts';

const THREADS_MAX = 100;

function dtoOf(row: MailboxRow, messageCount: number): Mailbox {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    last_error: row.last_error,
    last_synced_at: row.last_synced_at,
    visibility: row.visibility,
    sync_days: row.sync_days,
    message_count: messageCount,
    failing_since: row.status === 'failing' ? row.failing_since : null,
    retry_at: row.status === 'failing' ? row.retry_at : null,
    signature: row.signature,
    can_send: Boolean(row.smtp_host && row.smtp_port),
    auth: row.auth,
  };
}

async function dtosOf(ctx: AppContext, companyId: number, rows: MailboxRow[]): Promise<Mailbox[]> {
  const counts = await messageCounts(
    ctx.db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => dtoOf(row, counts.get(row.id) ?? 0));
}

/** Connects and logs in before anything is saved; a failure is a 400 naming why under `imap`. */
async function assertConnects(ctx: AppContext, imap: MailServer): Promise<void> {
  try {
    await testImap(ctx, imap);
  } catch (err) {
    if (err instanceof MailConnectFailure) {
      throw invalidField('imap', err.reason, 'The mail server could not be reached with these settings.');
    }
    throw err;
  }
}

const smtpColumns = (smtp: MailServer | undefined) => ({
  smtp_host: smtp?.host ?? null,
  smtp_port: smtp?.port ?? null,
  smtp_security: smtp?.security ?? null,
  smtp_username: smtp?.username ?? null,
});

/** The caller's own mailboxes in the company. */
export async function listMailboxes(ctx: AppContext, actor: Actor): Promise<Mailbox[]> {
  return dtosOf(ctx, actor.companyId, await listOwnMailboxes(ctx.db, actor.companyId, personOf(actor)));
}

/** A mailbox of the caller's own; another person's is as absent as another company's. */
export async function ownMailbox(ctx: AppContext, actor: Actor, id: number): Promise<MailboxRow> {
  const row = await findMailbox(ctx.db, actor.companyId, id);
  if (!row || row.user_id !== personOf(actor)) throw notFound('Mailbox');
  return row;
}

export async function getMailbox(ctx: AppContext, actor: Actor, id: number): Promise<Mailbox> {
  const [dto] = await dtosOf(ctx, actor.companyId, [await ownMailbox(ctx, actor, id)]);
  if (!dto) throw notFound('Mailbox');
  return dto;
}

export async function createMailbox(
  ctx: AppContext,
  actor: Actor,
  body: MailboxCreateBody,
): Promise<Mailbox> {
  const userId = personOf(actor);
  const existing = await listOwnMailboxes(ctx.db, actor.companyId, userId);
  if (existing.length >= MAILBOX_LIMITS.mailboxesMax) {
    throw invalidField(
      'email',
      'too_many_mailboxes',
      `A person can connect at most ${MAILBOX_LIMITS.mailboxesMax} mailboxes.`,
    );
  }
  await assertConnects(ctx, body.imap);
  const now = ctx.clock.nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertMailbox(trx, {
      company_id: actor.companyId,
      user_id: userId,
      email: body.email,
      imap_host: body.imap.host,
      imap_port: body.imap.port,
      imap_security: body.imap.security,
      imap_username: body.imap.username,
      ...smtpColumns(body.smtp),
      secrets: sealSecrets(ctx, { imap: body.imap.password, smtp: body.smtp?.password ?? null }),
      visibility: body.visibility,
      sync_days: body.sync_days,
      status: 'connecting',
      last_error: null,
      last_synced_at: null,
      created_at: now,
      updated_at: now,
    });
    await ctx.jobs.enqueue(trx, syncMailboxJob, { company_id: actor.companyId, mailbox_id: id });
    return id;
  });
  return getMailbox(ctx, actor, id);
}

export async function updateMailbox(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: MailboxPatchBody,
): Promise<Mailbox> {
  const row = await ownMailbox(ctx, actor, id);
  // A signed-in mailbox's servers are the provider's; it changes them by signing in again.
  for (const server of ['imap', 'smtp'] as const) {
    if (body[server] && row.auth !== 'password')
      throw invalidField(
        server,
        'oauth_mailbox',
        'A mailbox signed in with a provider has no server settings.',
      );
  }
  if (body.imap) await assertConnects(ctx, body.imap);
  const secrets = openSecrets(ctx, row.secrets);
  await ctx.db.transaction().execute(async (trx) => {
    await updateMailboxRow(trx, actor.companyId, id, {
      ...(body.imap
        ? {
            imap_host: body.imap.host,
            imap_port: body.imap.port,
            imap_security: body.imap.security,
            imap_username: body.imap.username,
            status: 'connecting',
            last_error: null,
            failing_since: null,
            retry_at: null,
            failure_mailed_at: null,
          }
        : {}),
      ...(body.smtp ? smtpColumns(body.smtp) : {}),
      ...(body.imap || body.smtp
        ? {
            secrets: sealSecrets(ctx, {
              imap: body.imap?.password ?? secrets.imap,
              smtp: body.smtp?.password ?? secrets.smtp,
            }),
          }
        : {}),
      ...(body.visibility ? { visibility: body.visibility } : {}),
      ...(body.sync_days ? { sync_days: body.sync_days } : {}),
      ...(body.signature !== undefined ? { signature: body.signature } : {}),
      updated_at: ctx.clock.nowIso(),
    });
    if (body.imap)
      await ctx.jobs.enqueue(trx, syncMailboxJob, { company_id: actor.companyId, mailbox_id: id });
  });
  // Who may read its mail changed: every colleague's Emails cards ask again (decision 079).
  if (body.visibility && body.visibility !== row.visibility) announceMail(ctx, actor.companyId, id, null);
  return getMailbox(ctx, actor, id);
}

/**
 * Disconnects. With `deleteEmails` the mailbox and the mail kept from it go (attachments'
 * bytes too); without, it stops syncing and forgets its credentials, while its mail stays
 * beside the customers under the visibility it had.
 */
export async function deleteMailbox(
  ctx: AppContext,
  actor: Actor,
  id: number,
  deleteEmails: boolean,
): Promise<void> {
  const row = await ownMailbox(ctx, actor, id);
  if (deleteEmails) {
    await deleteBlobs(ctx, await deleteMailboxRow(ctx.db, actor.companyId, id));
    announceMailKept(ctx, row);
    return;
  }
  await ctx.db
    .transaction()
    .execute((trx) => disconnectMailboxRow(trx, actor.companyId, id, ctx.clock.nowIso()));
}

const readerOf = (actor: Actor): Reader => ({ companyId: actor.companyId, userId: personOf(actor) });
const parsed = <T>(json: string, fallback: T): T => {
  try {
    return (JSON.parse(json) as T) ?? fallback;
  } catch {
    return fallback;
  }
};

async function threadsOf(ctx: AppContext, actor: Actor, customerIds: number[]): Promise<EmailThread[]> {
  const reader = readerOf(actor);
  const ids = await threadIdsOfCustomers(ctx.db, reader, customerIds, THREADS_MAX);
  if (ids.length === 0) return [];
  const messages = await threadMessages(ctx.db, reader, ids);
  const threads = new Map<number, EmailThread>();
  for (const id of ids)
    threads.set(id, { id, subject: '', participants: [], last_at: '', count: 0, items: [] });
  for (const m of messages) {
    const thread = threads.get(m.thread_id);
    if (!thread) continue;
    const from = parsed<EmailAddress | null>(m.from_json, null);
    const people = [
      ...(from ? [from] : []),
      ...parsed<EmailAddress[]>(m.to_json, []),
      ...parsed<EmailAddress[]>(m.cc_json, []),
    ];
    for (const p of people) {
      if (!thread.participants.some((q) => q.address === p.address)) thread.participants.push(p);
    }
    thread.subject = m.thread_subject;
    thread.count += 1;
    if (m.sent_at > thread.last_at) thread.last_at = m.sent_at;
    thread.items?.push({ id: m.id, from, subject: m.subject, date: m.sent_at });
  }
  return [...threads.values()]
    .filter((t) => t.count > 0)
    .sort((a, b) => (a.last_at === b.last_at ? b.id - a.id : a.last_at < b.last_at ? 1 : -1));
}

/** The customer's mail threads the caller may see, newest first. */
export async function customerEmails(
  ctx: AppContext,
  actor: Actor,
  customerId: number,
): Promise<EmailThread[]> {
  if (!(await customerExists(ctx.db, actor.companyId, customerId))) throw notFound('Customer');
  return threadsOf(ctx, actor, [customerId]);
}

/** The mail threads of the deal's people and organisation the caller may see, newest first. */
export async function dealEmails(ctx: AppContext, actor: Actor, dealId: number): Promise<EmailThread[]> {
  const customerIds = await dealCustomerIds(ctx.db, actor.companyId, dealId);
  if (customerIds === null) throw notFound('Deal');
  return threadsOf(ctx, actor, customerIds);
}

/** A message the caller may see, and whether they may read its body (and attachments). */
async function readableEmail(ctx: AppContext, actor: Actor, id: number) {
  const reader = readerOf(actor);
  const row = await messageFor(ctx.db, reader, id);
  if (!row) throw notFound('Email');
  return { row, bodyVisible: row.visibility === 'shared' || row.user_id === reader.userId };
}

/**
 * One message; its body only where the mailbox shares it or the caller owns it. Remote
 * images stay inert unless `images` asks for them.
 */
export async function getEmail(
  ctx: AppContext,
  actor: Actor,
  id: number,
  { images }: { images: boolean } = { images: false },
): Promise<EmailMessage> {
  const { row, bodyVisible } = await readableEmail(ctx, actor, id);
  const html = bodyVisible ? row.html_body : null;
  return {
    id: row.id,
    thread_id: row.thread_id,
    from: parsed<EmailAddress | null>(row.from_json, null),
    to: parsed<EmailAddress[]>(row.to_json, []),
    cc: parsed<EmailAddress[]>(row.cc_json, []),
    subject: row.subject,
    date: row.sent_at,
    text: bodyVisible ? row.text_body : null,
    html: html && images ? withRemoteImages(html) : html,
    body_visible: bodyVisible,
    remote_images: hasRemoteImages(html),
    attachments: (await attachmentsOf(ctx.db, actor.companyId, id)).map((a) => ({
      id: a.id,
      filename: a.filename,
      size: a.size,
      content_type: a.content_type,
    })),
  };
}

export interface OpenedAttachment {
  stream: Readable;
  filename: string;
  size: number;
}

/**
 * An attachment's bytes, for whoever may read the message's body: another member of a
 * mailbox that shares only who wrote what when gets a 404, as for any message they may not
 * open; so does an attachment synced before attachments were kept.
 */
export async function openAttachment(
  ctx: AppContext,
  actor: Actor,
  emailId: number,
  attachmentId: number,
): Promise<OpenedAttachment> {
  const { bodyVisible } = await readableEmail(ctx, actor, emailId);
  const found = bodyVisible
    ? await findAttachment(ctx.db, actor.companyId, emailId, attachmentId)
    : undefined;
  const stream = found?.storage_key ? await openBlob(ctx, found.storage_key) : null;
  if (!found || !stream) throw notFound('Attachment');
  return { stream, filename: found.filename ?? 'attachment', size: found.size };
}
