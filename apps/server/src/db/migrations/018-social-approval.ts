import { type Kysely, sql } from 'kysely';
import { types } from './column-types.ts';

/**
 * Approval links of social posts (decision 023) and the indexes
 * the posts list needs for its author and date-range filters (item 7).
 *
 * A link's token is 256 random bits stored only as its SHA-256 (as invitations,
 * calendar feeds and OAuth states are); the row says what the link is for (one
 * post, at one version), until when, and what the client decided.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('social_post_approvals')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    /** The post's version when the link was made: a link shows, and approves, only that version. */
    .addColumn('post_version', 'integer', (c) => c.notNull())
    // pending | approved | changes_requested | replaced
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('decided_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addForeignKeyConstraint(
      'social_post_approvals_post_fkey',
      ['company_id', 'post_id'],
      'social_posts',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('social_post_approvals_post_idx')
    .on('social_post_approvals')
    .columns(['company_id', 'post_id', 'id'])
    .execute();

  // Posts list filters: by author, and by the post's date (its schedule, else when it was made).
  await db.schema
    .createIndex('social_posts_author_idx')
    .on('social_posts')
    .columns(['company_id', 'created_by', 'id'])
    .execute();
  await db.schema
    .createIndex('social_posts_when_idx')
    .on('social_posts')
    .expression(sql`company_id, coalesce(scheduled_at, created_at)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('social_posts_when_idx').ifExists().execute();
  await db.schema.dropIndex('social_posts_author_idx').ifExists().execute();
  await db.schema.dropTable('social_post_approvals').ifExists().execute();
}
