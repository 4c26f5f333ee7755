import { MODULE_ID } from '@kontora/contract/limits';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailboxesTable, MailboxFoldersTable } from '../../db/schema.ts';
import { hiddenImportsOf, visibleOnly } from '../../lib/csv-import/import-visibility.ts';
import { attachmentKeysOf, dropEmptyThreads } from './emails.repository.ts';

export type MailboxRow = Selectable<MailboxesTable>;
export type FolderRow = Selectable<MailboxFoldersTable>;

export async function insertMailbox(db: Database, row: Insertable<MailboxesTable>): Promise<number> {
  const inserted = await db.insertInto('mailboxes').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A person's own connected mailboxes in the company (not those disconnected with their mail kept). */
export function listOwnMailboxes(db: Database, companyId: number, userId: number): Promise<MailboxRow[]> {
  return db
    .selectFrom('mailboxes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('disconnected_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * Connected mailboxes of companies with the CRM, across companies: `db` is the caller's
 * `crossCompany` handle (the poll, the IDLE watcher).
 */
export function connectedCrmMailboxes(db: Database) {
  return db
    .selectFrom('mailboxes')
    .innerJoin('company_modules', (join) =>
      join
        .onRef('company_modules.company_id', '=', 'mailboxes.company_id')
        .on('company_modules.module_id', '=', MODULE_ID.crm),
    )
    .select(['mailboxes.id', 'mailboxes.company_id'])
    .where('mailboxes.disconnected_at', 'is', null);
}

/** A connected mailbox of the company. */
export function findMailbox(db: Database, companyId: number, id: number): Promise<MailboxRow | undefined> {
  return db
    .selectFrom('mailboxes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('disconnected_at', 'is', null)
    .executeTakeFirst();
}

/** Messages kept from each of the mailboxes: mailbox id → count. */
export async function messageCounts(
  db: Database,
  companyId: number,
  mailboxIds: number[],
): Promise<Map<number, number>> {
  if (mailboxIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('email_messages')
    .select(['mailbox_id', (eb) => eb.fn.countAll().as('n')])
    .where('company_id', '=', companyId)
    .where('mailbox_id', 'in', mailboxIds)
    .groupBy('mailbox_id')
    .execute();
  return new Map(rows.map((r) => [r.mailbox_id, Number(r.n)]));
}

/**
 * Disconnects, keeping what it synced: the credentials go and it syncs no more, while its
 * messages stay beside the customers under its visibility.
 */
export async function disconnectMailboxRow(
  db: Database,
  companyId: number,
  id: number,
  now: string,
): Promise<void> {
  await updateMailbox(db, companyId, id, {
    disconnected_at: now,
    secrets: '',
    sync_until: null,
    retry_at: null,
    updated_at: now,
  });
  await db
    .deleteFrom('mailbox_folders')
    .where('company_id', '=', companyId)
    .where('mailbox_id', '=', id)
    .execute();
}

export async function updateMailbox(
  db: Database,
  companyId: number,
  id: number,
  patch: Updateable<MailboxesTable>,
): Promise<void> {
  await db
    .updateTable('mailboxes')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/**
 * The mailbox and everything synced from it (its messages, their links and attachments).
 * Answers the storage keys of the attachments, for the store to drop.
 */
export async function deleteMailboxRow(db: Database, companyId: number, id: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const keys = await attachmentKeysOf(trx, { companyId, mailboxId: id });
    const threads = await trx
      .selectFrom('email_messages')
      .select('thread_id')
      .distinct()
      .where('company_id', '=', companyId)
      .where('mailbox_id', '=', id)
      .execute();
    await trx.deleteFrom('mailboxes').where('company_id', '=', companyId).where('id', '=', id).execute();
    // Threads left without a message go with the mailbox.
    await dropEmptyThreads(
      trx,
      companyId,
      threads.map((t) => t.thread_id),
    );
    return keys;
  });
}

/**
 * Takes the mailbox for one sync run until `until`, which the run renews while it lives
 * (mail-sync.ts); false while another run holds it. A run that died gives it back when its
 * time is up.
 */
export async function claimMailbox(
  db: Database,
  companyId: number,
  id: number,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mailboxes')
    .set({ sync_until: until })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('sync_until', 'is', null), eb('sync_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The holding run is alive: its hold lasts until `until`. A hold released meanwhile stays released. */
export async function renewMailboxClaim(
  db: Database,
  companyId: number,
  id: number,
  until: string,
): Promise<void> {
  await db
    .updateTable('mailboxes')
    .set({ sync_until: until })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('sync_until', 'is not', null)
    .execute();
}

export async function releaseMailbox(db: Database, companyId: number, id: number): Promise<void> {
  await updateMailbox(db, companyId, id, { sync_until: null });
}

/** A run was asked for while another held the mailbox: the holder goes again when it is done. */
export async function askAgain(db: Database, companyId: number, id: number): Promise<void> {
  await updateMailbox(db, companyId, id, { sync_again: true });
}

/** Whether a run was asked for since; clears the request. */
export async function takeAgain(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('mailboxes')
    .set({ sync_again: false })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('sync_again', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listFolders(db: Database, companyId: number, mailboxId: number): Promise<FolderRow[]> {
  return db
    .selectFrom('mailbox_folders')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('mailbox_id', '=', mailboxId)
    .execute();
}

export async function saveFolder(db: Database, row: Insertable<MailboxFoldersTable>): Promise<void> {
  await db
    .insertInto('mailbox_folders')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['mailbox_id', 'role']).doUpdateSet({
        path: row.path,
        uidvalidity: row.uidvalidity,
        last_uid: row.last_uid,
      }),
    )
    .execute();
}

/** Customers of the company whose email is one of the addresses (lower case): address → customer ids. */
export async function customersByEmail(
  db: Database,
  companyId: number,
  addresses: string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  // Customers of an import not applied yet get no mail linked (docs/decisions/098-import-behind-a-switch.md).
  const hidden = await hiddenImportsOf(db, companyId, ['customers']);
  for (let i = 0; i < addresses.length; i += 500) {
    const query = db
      .selectFrom('customers')
      .select(['id', (eb) => eb.fn<string>('lower', ['email']).as('email')])
      .where('company_id', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', addresses.slice(i, i + 500)));
    const rows = await visibleOnly(query, null, hidden).execute();
    for (const row of rows) found.set(row.email, [...(found.get(row.email) ?? []), row.id]);
  }
  return found;
}
