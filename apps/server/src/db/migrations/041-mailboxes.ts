import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Email beside the customer (docs/decisions/064-email-beside-the-customer.md): a person's
 * mailboxes, the sync position of each of their folders, and only the messages that have a
 * customer of the company among their participants, threaded and linked to those customers.
 *
 * - `mailboxes.secrets`: the IMAP and SMTP passwords sealed with SECRET_KEY (lib/secret-box.ts).
 * - `mailbox_folders`: per folder role (inbox, sent) the UIDVALIDITY and the last UID read,
 *   so a restart resumes and a new UIDVALIDITY starts the folder over.
 * - `email_messages`: unique per company by Message-ID (a message two colleagues both hold is
 *   stored once) and per (mailbox, folder, uidvalidity, uid), so no retry stores one twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const company = (c: any) => c.notNull().references('companies.id').onDelete('cascade');

  await db.schema
    .createTable('mailboxes')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('imap_host', 'varchar(253)', (c) => c.notNull())
    .addColumn('imap_port', 'integer', (c) => c.notNull())
    .addColumn('imap_security', 'varchar(8)', (c) => c.notNull())
    .addColumn('imap_username', 'varchar(320)', (c) => c.notNull())
    .addColumn('smtp_host', 'varchar(253)')
    .addColumn('smtp_port', 'integer')
    .addColumn('smtp_security', 'varchar(8)')
    .addColumn('smtp_username', 'varchar(320)')
    .addColumn('secrets', 'text', (c) => c.notNull())
    .addColumn('visibility', 'varchar(8)', (c) => c.notNull())
    .addColumn('sync_days', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_error', 'varchar(40)')
    .addColumn('last_synced_at', t.timestamp)
    // A sync run holds the mailbox until then, so the poll never starts a second one beside it.
    .addColumn('sync_until', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mailboxes_owner_idx')
    .on('mailboxes')
    .columns(['company_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('mailbox_folders')
    .addColumn('company_id', 'integer', company)
    .addColumn('mailbox_id', 'integer', (c) => c.notNull().references('mailboxes.id').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    // UIDVALIDITY is a 32-bit unsigned number: kept as text, compared as text.
    .addColumn('uidvalidity', 'varchar(20)', (c) => c.notNull())
    .addColumn('last_uid', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mailbox_folders_pk', ['mailbox_id', 'role'])
    .execute();

  await db.schema
    .createTable('email_threads')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('last_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_messages')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('mailbox_id', 'integer', (c) => c.notNull().references('mailboxes.id').onDelete('cascade'))
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('email_threads.id'))
    .addColumn('folder', 'varchar(8)', (c) => c.notNull())
    .addColumn('uidvalidity', 'varchar(20)', (c) => c.notNull())
    .addColumn('uid', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'varchar(500)', (c) => c.notNull())
    .addColumn('in_reply_to', 'varchar(500)')
    // JSON array of Message-IDs.
    .addColumn('refs', 'text', (c) => c.notNull())
    // JSON {address, name} and arrays of them.
    .addColumn('from_json', 'text', (c) => c.notNull())
    .addColumn('to_json', 'text', (c) => c.notNull())
    .addColumn('cc_json', 'text', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('sent_at', t.timestamp, (c) => c.notNull())
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('email_messages_message_id_uq', ['company_id', 'message_id'])
    .addUniqueConstraint('email_messages_uid_uq', ['mailbox_id', 'folder', 'uidvalidity', 'uid'])
    .execute();
  await db.schema
    .createIndex('email_messages_thread_idx')
    .on('email_messages')
    .columns(['thread_id', 'sent_at'])
    .execute();
  await db.schema
    .createIndex('email_messages_reply_idx')
    .on('email_messages')
    .columns(['company_id', 'in_reply_to'])
    .execute();

  await db.schema
    .createTable('email_customers')
    .addColumn('company_id', 'integer', company)
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('email_messages.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('email_customers_pk', ['message_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('email_customers_customer_idx')
    .on('email_customers')
    .columns(['company_id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('email_attachments')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('email_messages.id').onDelete('cascade'),
    )
    .addColumn('filename', 'varchar(500)')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'varchar(200)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_attachments_message_idx')
    .on('email_attachments')
    .column('message_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'email_attachments',
    'email_customers',
    'email_messages',
    'email_threads',
    'mailbox_folders',
    'mailboxes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
