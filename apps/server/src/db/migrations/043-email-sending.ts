import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Sending from a person's mailbox (docs/decisions/065-email-sending.md).
 *
 * - `email_outbox`: one row per message on its way. `status` moves queued → sending →
 *   sent (or failed, or cancelled while queued); the send job claims a queued row before
 *   it talks to SMTP, so a retry after the mail went finds it sent and never sends again.
 *   `message_id` is chosen when queued and is the same at every attempt.
 * - `email_templates`: the company's templates with merge fields.
 * - `mailboxes.signature`: the sender's signature, merged by `{{sender.signature}}`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const company = (c: any) => c.notNull().references('companies.id').onDelete('cascade');

  await db.schema.alterTable('mailboxes').addColumn('signature', 'text').execute();

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_templates_company_idx')
    .on('email_templates')
    .columns(['company_id', 'name'])
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', company)
    .addColumn('mailbox_id', 'integer', (c) => c.notNull().references('mailboxes.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(500)', (c) => c.notNull())
    .addColumn('in_reply_to', 'varchar(500)')
    // JSON array of Message-IDs.
    .addColumn('refs', 'text', (c) => c.notNull())
    // JSON arrays of addresses.
    .addColumn('to_json', 'text', (c) => c.notNull())
    .addColumn('cc_json', 'text', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    // Merge fields already applied.
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('deal_id', 'integer', (c) => c.references('deals.id').onDelete('set null'))
    .addColumn('send_at', t.timestamp, (c) => c.notNull())
    .addColumn('sent_at', t.timestamp)
    // The kept message once sent; the copy in the Sent folder once appended.
    .addColumn('email_id', 'integer', (c) => c.references('email_messages.id').onDelete('set null'))
    .addColumn('appended_at', t.timestamp)
    .addColumn('last_error', 'varchar(40)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('email_outbox_message_id_uq', ['company_id', 'message_id'])
    .execute();
  await db.schema
    .createIndex('email_outbox_mailbox_idx')
    .on('email_outbox')
    .columns(['company_id', 'mailbox_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_outbox').execute();
  await db.schema.dropTable('email_templates').execute();
  await db.schema.alterTable('mailboxes').dropColumn('signature').execute();
}
