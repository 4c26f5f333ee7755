import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { hiddenImportsOf, visibleOnly } from '../../lib/csv-import/import-visibility.ts';
import { baseDeals, hiddenDeals, shownDeals } from '../deals/deals.service.ts';

/** Who reads: the person, whose own private mailboxes they see in full. */
export interface Reader {
  companyId: number;
  userId: number;
}

type WithMailbox = ExpressionBuilder<DB & { mailboxes: DB['mailboxes'] }, 'email_messages' | 'mailboxes'>;

/** Messages of private mailboxes are their owner's alone. */
const visibleTo = (reader: Reader) => (eb: WithMailbox) =>
  eb.or([eb('mailboxes.visibility', '<>', 'private'), eb('mailboxes.user_id', '=', reader.userId)]);

function visibleMessages(db: Database, reader: Reader) {
  return db
    .selectFrom('email_messages')
    .innerJoin('mailboxes', (join) =>
      join
        .onRef('mailboxes.id', '=', 'email_messages.mailbox_id')
        .on('mailboxes.company_id', '=', reader.companyId),
    )
    .where('email_messages.company_id', '=', reader.companyId)
    .where(visibleTo(reader));
}

export async function customerExists(db: Database, companyId: number, id: number): Promise<boolean> {
  const query = db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id);
  const row = await visibleOnly(
    query,
    null,
    await hiddenImportsOf(db, companyId, ['customers']),
  ).executeTakeFirst();
  return row !== undefined;
}

/** The deal's customers; null when there is no such deal in the company. */
export async function dealCustomerIds(
  db: Database,
  companyId: number,
  dealId: number,
): Promise<number[] | null> {
  const deal = await shownDeals(baseDeals(db), await hiddenDeals(db, companyId))
    .select(['d.id', 'd.organisation_id'])
    .where('d.company_id', '=', companyId)
    .where('d.id', '=', dealId)
    .executeTakeFirst();
  if (!deal) return null;
  const people = await db
    .selectFrom('deal_customers')
    .select('customer_id')
    .where('company_id', '=', companyId)
    .where('deal_id', '=', dealId)
    .execute();
  const ids = people.map((p) => p.customer_id);
  return deal.organisation_id === null ? ids : [...ids, deal.organisation_id];
}

/** Threads with a message the reader may see that is linked to one of the customers, newest first. */
export async function threadIdsOfCustomers(
  db: Database,
  reader: Reader,
  customerIds: number[],
  limit: number,
): Promise<number[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .selectFrom('email_threads')
    .select('email_threads.id')
    .where('email_threads.company_id', '=', reader.companyId)
    .where('email_threads.id', 'in', () =>
      visibleMessages(db, reader)
        .innerJoin('email_customers', (join) =>
          join
            .onRef('email_customers.message_id', '=', 'email_messages.id')
            .on('email_customers.company_id', '=', reader.companyId),
        )
        .select('email_messages.thread_id')
        .where('email_customers.customer_id', 'in', customerIds),
    )
    .orderBy('email_threads.last_at', 'desc')
    .orderBy('email_threads.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The messages of the threads the reader may see, oldest first: headers only. */
export function threadMessages(db: Database, reader: Reader, threadIds: number[]) {
  return visibleMessages(db, reader)
    .innerJoin('email_threads', (join) =>
      join
        .onRef('email_threads.id', '=', 'email_messages.thread_id')
        .on('email_threads.company_id', '=', reader.companyId),
    )
    .select([
      'email_messages.id',
      'email_messages.thread_id',
      'email_threads.subject as thread_subject',
      'email_messages.subject',
      'email_messages.from_json',
      'email_messages.to_json',
      'email_messages.cc_json',
      'email_messages.sent_at',
    ])
    .where('email_messages.thread_id', 'in', threadIds)
    .orderBy('email_messages.sent_at')
    .orderBy('email_messages.id')
    .execute();
}

/** One message the reader may see, with whether they may read its body; undefined otherwise. */
export function messageFor(db: Database, reader: Reader, id: number) {
  return visibleMessages(db, reader)
    .select([
      'email_messages.id',
      'email_messages.thread_id',
      'email_messages.subject',
      'email_messages.from_json',
      'email_messages.to_json',
      'email_messages.cc_json',
      'email_messages.sent_at',
      'email_messages.text_body',
      'email_messages.html_body',
      'mailboxes.visibility',
      'mailboxes.user_id',
    ])
    .where('email_messages.id', '=', id)
    .executeTakeFirst();
}

export function attachmentsOf(db: Database, companyId: number, messageId: number) {
  return db
    .selectFrom('email_attachments')
    .select(['id', 'filename', 'size', 'content_type'])
    .where('company_id', '=', companyId)
    .where('message_id', '=', messageId)
    .orderBy('id')
    .execute();
}

/** One attachment of the message, with where its bytes are stored. */
export function findAttachment(db: Database, companyId: number, messageId: number, id: number) {
  return db
    .selectFrom('email_attachments')
    .select(['id', 'filename', 'size', 'content_type', 'storage_key'])
    .where('company_id', '=', companyId)
    .where('message_id', '=', messageId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The headers a reply needs of a kept message the reader may see; undefined otherwise. */
export function replyTarget(db: Database, reader: Reader, id: number) {
  return visibleMessages(db, reader)
    .select([
      'email_messages.id',
      'email_messages.message_id',
      'email_messages.refs',
      'email_messages.in_reply_to',
    ])
    .where('email_messages.id', '=', id)
    .executeTakeFirst();
}
