import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { ParsedEmail } from './mail-parse.ts';

export interface StoredPlace {
  companyId: number;
  mailboxId: number;
  folder: 'inbox' | 'sent';
  uidvalidity: string;
  uid: number;
}

/** "Re: Re: Fwd: Offer" and "Offer" are one conversation's subject. */
const threadSubject = (subject: string) =>
  subject.replace(/^(\s*(re|fw|fwd|aw|wg|sv|odg)\s*:\s*)+/i, '').trim();

/**
 * Keeps one message, linked to its customers and in its thread: the thread of a message it
 * answers or refers to, else of a kept message that answers it, else a new one. A message
 * already kept (same Message-ID in the company, or the same place in the mailbox) is not
 * stored again; when the same mailbox folder holds it under a new UIDVALIDITY its place is
 * updated. Answers whether a new row was written.
 */
export async function storeEmail(
  db: Database,
  place: StoredPlace,
  mail: ParsedEmail,
  customerIds: number[],
  now: string,
  /** Where each attachment's bytes were stored, in the order of `mail.attachments`. */
  attachmentKeys: readonly (string | null)[] = [],
): Promise<boolean> {
  const { companyId } = place;
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('email_messages')
        .select(['id', 'mailbox_id', 'folder'])
        .where('company_id', '=', companyId)
        .where('message_id', '=', mail.messageId)
        .executeTakeFirst();
      if (existing) {
        if (existing.mailbox_id === place.mailboxId && existing.folder === place.folder) {
          await trx
            .updateTable('email_messages')
            .set({ uidvalidity: place.uidvalidity, uid: place.uid })
            .where('company_id', '=', companyId)
            .where('id', '=', existing.id)
            .execute();
        }
        return false;
      }
      const refs = [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...mail.references];
      const parent =
        refs.length > 0
          ? await trx
              .selectFrom('email_messages')
              .select('thread_id')
              .where('company_id', '=', companyId)
              .where('message_id', 'in', refs)
              .executeTakeFirst()
          : undefined;
      const child = parent
        ? undefined
        : await trx
            .selectFrom('email_messages')
            .select('thread_id')
            .where('company_id', '=', companyId)
            .where('in_reply_to', '=', mail.messageId)
            .executeTakeFirst();
      let threadId = parent?.thread_id ?? child?.thread_id;
      if (threadId === undefined) {
        const thread = await trx
          .insertInto('email_threads')
          .values({ company_id: companyId, subject: threadSubject(mail.subject), last_at: mail.date })
          .returning('id')
          .executeTakeFirstOrThrow();
        threadId = thread.id;
      } else {
        await trx
          .updateTable('email_threads')
          .set({ last_at: mail.date })
          .where('company_id', '=', companyId)
          .where('id', '=', threadId)
          .where('last_at', '<', mail.date)
          .execute();
      }
      const row = await trx
        .insertInto('email_messages')
        .values({
          company_id: companyId,
          mailbox_id: place.mailboxId,
          thread_id: threadId,
          folder: place.folder,
          uidvalidity: place.uidvalidity,
          uid: place.uid,
          message_id: mail.messageId,
          in_reply_to: mail.inReplyTo,
          refs: JSON.stringify(mail.references),
          from_json: JSON.stringify(mail.from),
          to_json: JSON.stringify(mail.to),
          cc_json: JSON.stringify(mail.cc),
          subject: mail.subject,
          sent_at: mail.date,
          text_body: mail.text,
          html_body: mail.html,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (customerIds.length > 0) {
        await trx
          .insertInto('email_customers')
          .values(customerIds.map((id) => ({ company_id: companyId, message_id: row.id, customer_id: id })))
          .execute();
      }
      if (mail.attachments.length > 0) {
        await trx
          .insertInto('email_attachments')
          .values(
            mail.attachments.map((a, i) => ({
              company_id: companyId,
              message_id: row.id,
              filename: a.filename,
              size: a.size,
              content_type: a.contentType,
              storage_key: attachmentKeys[i] ?? null,
            })),
          )
          .execute();
      }
      return true;
    });
  } catch (err) {
    // A concurrent run kept it first.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** A mailbox's messages, or only those of a folder kept under another UIDVALIDITY. */
export interface MessagesOf {
  companyId: number;
  mailboxId: number;
  staleIn?: { folder: 'inbox' | 'sent'; uidvalidity: string };
}

const messagesOf =
  ({ companyId, mailboxId, staleIn }: MessagesOf) =>
  (eb: ExpressionBuilder<DB, 'email_messages'>) =>
    eb.and([
      eb('email_messages.company_id', '=', companyId),
      eb('email_messages.mailbox_id', '=', mailboxId),
      ...(staleIn
        ? [
            eb('email_messages.folder', '=', staleIn.folder),
            eb('email_messages.uidvalidity', '<>', staleIn.uidvalidity),
            // Sent from the app and not yet filed in the folder (send-email.ts): not the server's to drop.
            eb('email_messages.uidvalidity', '<>', 'outbox'),
          ]
        : []),
    ]);

/** Where the attachments of those messages keep their bytes, for the store to drop with them. */
export async function attachmentKeysOf(db: Database, of: MessagesOf): Promise<string[]> {
  const rows = await db
    .selectFrom('email_attachments')
    .innerJoin('email_messages', 'email_messages.id', 'email_attachments.message_id')
    .select('email_attachments.storage_key')
    .where('email_attachments.company_id', '=', of.companyId)
    .where('email_attachments.storage_key', 'is not', null)
    .where(messagesOf(of))
    .execute();
  return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
}

/**
 * After a folder started over under a new UIDVALIDITY: what the server no longer holds goes.
 * Answers the storage keys of the attachments that went with it, for the store to drop.
 */
export async function dropStalePlaces(
  db: Database,
  companyId: number,
  mailboxId: number,
  folder: 'inbox' | 'sent',
  uidvalidity: string,
): Promise<string[]> {
  const of = { companyId, mailboxId, staleIn: { folder, uidvalidity } };
  return db.transaction().execute(async (trx) => {
    const keys = await attachmentKeysOf(trx, of);
    await trx.deleteFrom('email_messages').where(messagesOf(of)).execute();
    return keys;
  });
}

/** Threads left without a message go (after their messages were deleted, in the same transaction). */
export async function dropEmptyThreads(trx: Database, companyId: number, threadIds: number[]): Promise<void> {
  if (threadIds.length === 0) return;
  await trx
    .deleteFrom('email_threads')
    .where('company_id', '=', companyId)
    .where('id', 'in', threadIds)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_messages')
            .select('email_messages.id')
            .where('email_messages.company_id', '=', companyId)
            .whereRef('email_messages.thread_id', '=', 'email_threads.id'),
        ),
      ),
    )
    .execute();
}

/**
 * Deletes these messages of the company, their links to customers and attachments' rows
 * with them, and the threads they leave empty. Answers the storage keys of the attachments,
 * for the store to drop once this has committed.
 */
export async function deleteMessages(db: Database, companyId: number, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const keys = await trx
      .selectFrom('email_attachments')
      .select('storage_key')
      .where('company_id', '=', companyId)
      .where('message_id', 'in', ids)
      .where('storage_key', 'is not', null)
      .execute();
    const threads = await trx
      .selectFrom('email_messages')
      .select('thread_id')
      .distinct()
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('email_messages')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    await dropEmptyThreads(
      trx,
      companyId,
      threads.map((t) => t.thread_id),
    );
    return keys.flatMap((k) => (k.storage_key ? [k.storage_key] : []));
  });
}
