import type { Database } from '../../db/database.ts';
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
            mail.attachments.map((a) => ({
              company_id: companyId,
              message_id: row.id,
              filename: a.filename,
              size: a.size,
              content_type: a.contentType,
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

/** After a folder started over under a new UIDVALIDITY: what the server no longer holds goes. */
export async function dropStalePlaces(
  db: Database,
  companyId: number,
  mailboxId: number,
  folder: 'inbox' | 'sent',
  uidvalidity: string,
): Promise<void> {
  await db
    .deleteFrom('email_messages')
    .where('company_id', '=', companyId)
    .where('mailbox_id', '=', mailboxId)
    .where('folder', '=', folder)
    .where('uidvalidity', '<>', uidvalidity)
    // Sent from the app and not yet filed in the folder (send-email.ts): not the server's to drop.
    .where('uidvalidity', '<>', 'outbox')
    .execute();
}
