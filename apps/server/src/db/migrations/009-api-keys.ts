import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * API keys of a company (decision 013). Only the SHA-256 of a key is stored;
 * `last_four` is shown in lists. A revoked key keeps its row (revoked_at), so
 * its name still reads in history. Changes made with a key name the key as
 * their author: the timeline and the audit log gain the key's id and name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('last_four', 'varchar(4)', (c) => c.notNull())
    // JSON: {customers?, events?, webhooks?: "read" | "write"}.
    .addColumn('scopes', 'text', (c) => c.notNull())
    // Requests a minute.
    .addColumn('rate_limit', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .addColumn('revoked_at', t.timestamp)
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('api_keys_company_idx')
    .on('api_keys')
    .columns(['company_id', 'revoked_at'])
    .execute();

  // Who wrote a timeline entry or an audit entry when it was a key, not a person (name as it was then).
  await db.schema.alterTable('customer_activities').addColumn('author_key_name', 'varchar(100)').execute();
  await db.schema.alterTable('audit_entries').addColumn('actor_key_id', 'integer').execute();
  await db.schema.alterTable('audit_entries').addColumn('actor_key_name', 'varchar(100)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_entries').dropColumn('actor_key_name').execute();
  await db.schema.alterTable('audit_entries').dropColumn('actor_key_id').execute();
  await db.schema.alterTable('customer_activities').dropColumn('author_key_name').execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
}
