import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EmailOutboxTable } from '../../db/schema.ts';
import { hiddenImportsOf, visibleOnly } from '../../lib/csv-import/import-visibility.ts';
import { baseDeals, hiddenDeals, shownDeals } from '../deals/deals.service.ts';

export type OutboxRow = Selectable<EmailOutboxTable>;

/** A JSON array column (addresses, Message-IDs) as strings; anything else as none. */
export function jsonList(json: string): string[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export async function insertOutgoing(db: Database, row: Insertable<EmailOutboxTable>): Promise<number> {
  const inserted = await db.insertInto('email_outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findOutgoing(db: Database, companyId: number, id: number): Promise<OutboxRow | undefined> {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function outgoingByIds(db: Database, companyId: number, ids: number[]): Promise<OutboxRow[]> {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/**
 * Moves the row from one status to the next only if it is still in `from`: the claim
 * before sending and the cancel cannot both win. Answers whether it moved.
 */
export async function moveOutgoing(
  db: Database,
  companyId: number,
  id: number,
  from: OutboxRow['status'][],
  patch: Updateable<EmailOutboxTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Customers of the company by id, with what merge fields and addressing need. */
export async function customersForSend(db: Database, companyId: number, ids: number[]) {
  const query = db
    .selectFrom('customers')
    .select(['id', 'name', 'first_name', 'last_name', 'organisation_name', 'email'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids);
  return visibleOnly(query, null, await hiddenImportsOf(db, companyId, ['customers'])).execute();
}

export async function dealTitle(db: Database, companyId: number, id: number) {
  return shownDeals(baseDeals(db), await hiddenDeals(db, companyId))
    .select(['d.id', 'd.title'])
    .where('d.company_id', '=', companyId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** The sender's name (the mailbox owner's full name). */
export async function userName(db: Database, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirst();
  return row?.full_name ?? '';
}

/** The kept message's place once the copy is in the Sent folder. */
export async function placeKeptEmail(
  db: Database,
  companyId: number,
  emailId: number,
  place: { uidvalidity: string; uid: number },
): Promise<void> {
  await db
    .updateTable('email_messages')
    .set({ folder: 'sent', uidvalidity: place.uidvalidity, uid: place.uid })
    .where('company_id', '=', companyId)
    .where('id', '=', emailId)
    .execute();
}

export async function keptEmailId(
  db: Database,
  companyId: number,
  messageId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('email_messages')
    .select('id')
    .where('company_id', '=', companyId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Takes the filing of a sent message's copy; false when another run has (or had) it. */
export async function claimAppend(
  db: Database,
  companyId: number,
  id: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({ appended_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .where('appended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseAppend(db: Database, companyId: number, id: number): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ appended_at: null })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Scheduled messages one person may see at most in one answer. */
export const SCHEDULED_MAX = 500;

/**
 * The person's own messages not yet sent (waiting for `send_at` or the undo window, or being
 * sent now), soonest first: only rows of their own mailboxes, never a colleague's.
 */
export function scheduledOf(db: Database, companyId: number, userId: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('email_outbox')
    .innerJoin('mailboxes', (join) =>
      join
        .onRef('mailboxes.id', '=', 'email_outbox.mailbox_id')
        .onRef('mailboxes.company_id', '=', 'email_outbox.company_id'),
    )
    .selectAll('email_outbox')
    .where('email_outbox.company_id', '=', companyId)
    .where('mailboxes.user_id', '=', userId)
    .where('email_outbox.status', 'in', ['queued', 'sending'])
    .orderBy('email_outbox.send_at')
    .orderBy('email_outbox.id')
    .limit(SCHEDULED_MAX)
    .execute();
}
