import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Mailboxes signed in with Google or Microsoft (docs/decisions/078-mailbox-oauth-sign-in.md):
 * - mailboxes.auth: `password` (the IMAP/SMTP passwords in `secrets`, as before), `google` or
 *   `microsoft` (`secrets` then holds the sealed access and refresh tokens);
 * - mailboxes.oauth_expires_at: when the access token runs out; it is refreshed before a
 *   sync, a watch or a send that finds it within a minute of that;
 * - mailbox_oauth_states: a sign-in in progress (state hashed with the browser's binder,
 *   single use, 10 minutes), with the visibility and sync window the new mailbox gets.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .alterTable('mailboxes')
    .addColumn('auth', 'varchar(10)', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db.schema.alterTable('mailboxes').addColumn('oauth_expires_at', t.timestamp).execute();
  await db.schema
    .createTable('mailbox_oauth_states')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    // The PKCE verifier, sealed with SECRET_KEY.
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('visibility', 'varchar(8)', (c) => c.notNull())
    .addColumn('sync_days', 'integer', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mailbox_oauth_states').execute();
  await db.schema.alterTable('mailboxes').dropColumn('oauth_expires_at').execute();
  await db.schema.alterTable('mailboxes').dropColumn('auth').execute();
}
