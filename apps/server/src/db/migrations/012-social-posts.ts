import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Social publishing (decision 016): connected accounts, the OAuth states of
 * connections in progress, posts with their media, one target per post ×
 * account (the unit the queue publishes) and each post's history.
 *
 * Every table is company-owned, and references between them are composite
 * `(company_id, id)` keys (decision 007), so the database itself refuses a post
 * aimed at another company's account or medium. Tokens are stored sealed with
 * SECRET_KEY (lib/secret-box.ts); the OAuth state only as a hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('social_accounts')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('remote_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('handle', 'varchar(200)')
    // active | reconnect_needed
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('token_expires_at', t.timestamp)
    .addColumn('refresh_expires_at', t.timestamp)
    /** Network-specific account data as JSON (e.g. the page behind an Instagram business account). */
    .addColumn('extra', 'text')
    .addColumn('last_error', 'text')
    .addColumn('owners_notified_at', t.timestamp)
    .addColumn('connected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('social_accounts_company_id_key', ['company_id', 'id'])
    .addUniqueConstraint('social_accounts_remote_key', ['company_id', 'type', 'remote_id'])
    .execute();
  // The refresh job walks accounts by expiry across companies.
  await db.schema
    .createIndex('social_accounts_expiry_idx')
    .on('social_accounts')
    .columns(['token_expires_at'])
    .execute();

  await db.schema
    .createTable('social_oauth_states')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    /** PKCE verifier, sealed (null for networks without PKCE). */
    .addColumn('code_verifier', 'text')
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('social_posts')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    /** JSON `{[network]: text}`. */
    .addColumn('overrides', 'text', (c) => c.notNull())
    // draft | scheduled | publishing | published | partly_failed | failed
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('scheduled_at', t.timestamp)
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('social_posts_company_id_key', ['company_id', 'id'])
    .execute();
  await db.schema
    .createIndex('social_posts_status_idx')
    .on('social_posts')
    .columns(['company_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('social_posts_schedule_idx')
    .on('social_posts')
    .columns(['company_id', 'scheduled_at', 'id'])
    .execute();

  await db.schema
    .createTable('social_post_media')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('social_post_media_pk', ['company_id', 'post_id', 'media_id'])
    .addForeignKeyConstraint(
      'social_post_media_post_fkey',
      ['company_id', 'post_id'],
      'social_posts',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    // No action on delete: a medium in use is refused by the media service (409), the key backs it up.
    .addForeignKeyConstraint('social_post_media_media_fkey', ['company_id', 'media_id'], 'social_media', [
      'company_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('social_post_media_media_idx')
    .on('social_post_media')
    .columns(['company_id', 'media_id'])
    .execute();

  await db.schema
    .createTable('social_post_targets')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    // draft | queued | publishing | published | unconfirmed | failed
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('remote_id', 'varchar(200)')
    .addColumn('remote_url', 'varchar(500)')
    /** Publish attempts sent to the network (a status check is not one). */
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Status checks made while unconfirmed. */
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'varchar(40)')
    .addColumn('error_message', 'text')
    .addColumn('first_attempt_at', t.timestamp)
    .addColumn('published_at', t.timestamp)
    .addColumn('next_run_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('social_post_targets_company_id_key', ['company_id', 'id'])
    .addUniqueConstraint('social_post_targets_pair_key', ['company_id', 'post_id', 'account_id'])
    .addForeignKeyConstraint(
      'social_post_targets_post_fkey',
      ['company_id', 'post_id'],
      'social_posts',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'social_post_targets_account_fkey',
      ['company_id', 'account_id'],
      'social_accounts',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('social_post_targets_account_idx')
    .on('social_post_targets')
    .columns(['company_id', 'account_id', 'status'])
    .execute();

  await db.schema
    .createTable('social_post_history')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    /** JSON: what the step carried (account, reason, link, comment). */
    .addColumn('detail', 'text')
    .addColumn('actor_id', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addForeignKeyConstraint(
      'social_post_history_post_fkey',
      ['company_id', 'post_id'],
      'social_posts',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('social_post_history_post_idx')
    .on('social_post_history')
    .columns(['company_id', 'post_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'social_post_history',
    'social_post_targets',
    'social_post_media',
    'social_posts',
    'social_oauth_states',
    'social_accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
