import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Reading synced mail (docs/decisions/066-reading-synced-mail.md):
 *
 * - `email_attachments.storage_key`: where an attachment's bytes are kept in the media
 *   storage; null for attachments synced before, which list but do not download.
 * - `mailboxes.failing_since`: when the current run of failures began (null while it syncs);
 *   `retry_at`: the poll leaves a failing mailbox alone until then; `failure_mailed_at`: its
 *   owner was told it has failed for a day, once per run of failures.
 * - `mailboxes.disconnected_at`: disconnected with its mail kept; it no longer syncs nor
 *   lists, and its visibility still governs who reads what it synced.
 */
const COLUMNS = ['failing_since', 'retry_at', 'failure_mailed_at', 'disconnected_at'];

export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema.alterTable('email_attachments').addColumn('storage_key', 'varchar(100)').execute();
  for (const column of COLUMNS) {
    await db.schema.alterTable('mailboxes').addColumn(column, t.timestamp).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('mailboxes').dropColumn(column).execute();
  }
  await db.schema.alterTable('email_attachments').dropColumn('storage_key').execute();
}
