import type { Kysely } from 'kysely';
import { isPostgres, types } from './column-types.ts';

/**
 * Outgoing webhooks (docs/decisions/014-webhooks.md):
 * - webhook_endpoints: a company's receivers; the secret (and, for 24 h after
 *   a rotation, the previous one) sealed with SECRET_KEY.
 * - webhook_messages: one message per (endpoint, change) or test; its body is
 *   built once so every attempt and replay sends the same content under the
 *   same `webhook-id`.
 * - webhook_deliveries: one row per attempt (the delivery log), kept 30 days.
 * - webhook_dispatch_state: the dispatcher's position in the change feed
 *   (one row; the relay position of decision 009).
 * References between them are composite (company_id, id), so a message can
 * never point at another company's endpoint (decision 007).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const pg = isPostgres(db);

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    // JSON array of change-feed types.
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('enabled', t.boolean, (c) => c.notNull())
    .addColumn('disabled_reason', 'varchar(16)')
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('previous_secret_encrypted', 'text')
    .addColumn('previous_secret_expires_at', t.timestamp)
    .addColumn('failing_since', t.timestamp)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('webhook_endpoints_company_id_key', ['company_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    .addColumn('change_event_id', 'bigint')
    .addColumn('msg_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // pending (an attempt is due) | succeeded | failed (no attempt left)
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('webhook_messages_company_id_key', ['company_id', 'id'])
    .addForeignKeyConstraint(
      'webhook_messages_endpoint_fkey',
      ['company_id', 'endpoint_id'],
      'webhook_endpoints',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('webhook_messages_endpoint_idx')
    .on('webhook_messages')
    .columns(['company_id', 'endpoint_id', 'state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_messages_created_idx')
    .on('webhook_messages')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempted_at', t.timestamp, (c) => c.notNull())
    .addColumn('succeeded', t.boolean, (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'varchar(500)')
    .addColumn('next_attempt_at', t.timestamp)
    .addForeignKeyConstraint(
      'webhook_deliveries_message_fkey',
      ['company_id', 'message_id'],
      'webhook_messages',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['company_id', 'endpoint_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_time_idx')
    .on('webhook_deliveries')
    .columns(['company_id', 'endpoint_id', 'attempted_at'])
    .execute();

  await db.schema
    .createTable('webhook_dispatch_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('position_tx', 'varchar(40)', (c) => c.notNull())
    .addColumn('position_id', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db
    .insertInto('webhook_dispatch_state')
    .values({ id: 1, position_tx: '0', position_id: 0, updated_at: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_dispatch_state').ifExists().execute();
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhook_messages').ifExists().execute();
  await db.schema.dropTable('webhook_endpoints').ifExists().execute();
}
