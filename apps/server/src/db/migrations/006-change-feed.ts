import { type Kysely, sql } from 'kysely';
import { isPostgres, types } from './column-types.ts';

/**
 * The change feed (one row per committed change to company data, written in
 * the change's own transaction) and the stored answers of idempotent creates.
 *
 * change_events:
 * - `id` is 64-bit (every change of every company takes one) and never
 *   reused: identity on PostgreSQL; on SQLite the rowid, which is the largest
 *   id + 1 as long as the newest row is never deleted (pruning keeps it), so
 *   no AUTOINCREMENT bookkeeping is written with every change.
 * - `tx_id` on PostgreSQL is the writing transaction's id, which lets the
 *   cross-company relay read only rows of finished transactions
 *   (docs/decisions/009-change-feed.md); SQLite, with one writer, keeps 0.
 * - No foreign key to companies: the feed is history, and a key check would
 *   take a share lock on the company row while the feed's own lock is held.
 * - Indexes: a company's feed after an id; the relay's (transaction, id)
 *   order on PostgreSQL. Pruning by time walks the primary key from the
 *   oldest id (ids grow with time), so no time index costs every write.
 *
 * idempotency_keys: one row per (caller, route, key); `response_status` is
 * null while the first request runs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const pg = isPostgres(db);

  await db.schema
    .createTable('change_events')
    .addColumn('id', pg ? 'bigint' : 'integer', (c) => (pg ? t.id(c) : c.primaryKey()))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity_type', 'varchar(24)', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('entity_version', 'integer')
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'varchar(200)')
    .addColumn('changes', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('tx_id', pg ? sql`xid8` : 'integer', (c) =>
      c.notNull().defaultTo(pg ? sql`pg_current_xact_id()` : 0),
    )
    .execute();
  await db.schema
    .createIndex('change_events_company_idx')
    .on('change_events')
    .columns(['company_id', 'id'])
    .execute();
  if (pg) {
    await db.schema
      .createIndex('change_events_tx_idx')
      .on('change_events')
      .columns(['tx_id', 'id'])
      .execute();
  }

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('owner_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('route', 'varchar(400)', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['owner_kind', 'owner_id', 'route', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
  await db.schema.dropTable('change_events').ifExists().execute();
}
