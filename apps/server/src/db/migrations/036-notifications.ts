import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Notifications in the app (docs/decisions/055-notifications.md): one row per person and
 * event, across companies; and each person's choice of mail and/or bell per kind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    /** The record the notification links to: to-do, social post, connection, customer, invitation. */
    .addColumn('record_id', 'integer')
    /** The record's screen (hash route without the company, which the API adds). */
    .addColumn('route', 'varchar(300)', (c) => c.notNull())
    /** JSON: what the text needs (title, actor name, decision…), as it was when it happened. */
    .addColumn('data', 'text', (c) => c.notNull())
    /** One notification per occasion (a reminder job that runs twice adds one): unique per person. */
    .addColumn('dedupe_key', 'varchar(200)')
    .addColumn('read_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The bell's list (newest first) and the live tailer's reads go by id.
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_dedupe_idx')
    .on('notifications')
    .columns(['user_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();
  await db.schema
    .alterTable('users')
    .addColumn('notification_preferences', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('notification_preferences').execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
