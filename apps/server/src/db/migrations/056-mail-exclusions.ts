import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Addresses and domains whose mail is never kept (docs/decisions/083-mail-exclusions.md):
 * `user_id` null is the company's list, which every member's mailboxes obey; otherwise the
 * person's own, which their mailboxes in the company obey. `entry` is lower case, an
 * address or a domain. A list is written whole (delete and insert in one transaction).
 * - companies.mail_org_domains: the sync also links a message to an organisation customer whose
 *   email or website is at a participant's domain (free-mail domains never match); off by default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('mail_exclusions')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('entry', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_exclusions_list_idx')
    .on('mail_exclusions')
    .columns(['company_id', 'user_id'])
    .execute();
  await db.schema
    .alterTable('companies')
    .addColumn('mail_org_domains', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('mail_org_domains').execute();
  await db.schema.dropTable('mail_exclusions').execute();
}
