import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * CRM connectors (docs/decisions/022-crm-connectors.md):
 * - connectors: a company's connection to HubSpot or Pipedrive; the token
 *   sealed with SECRET_KEY; the sync state (checkpoint of the running full
 *   pass, incremental position, change-feed position of the push) and the
 *   counts of the latest run.
 * - connector_links: local customer ↔ remote record, unique both ways, with
 *   the remote's updated time and the hash of the content both sides agreed
 *   on last (it stops our own writes from echoing back).
 * - connector_log: what a run did and every record that failed, and why.
 * References are composite (company_id, id), as in decision 007.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('connectors')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('token_encrypted', 'text', (c) => c.notNull())
    // idle | syncing | failed
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_error', 'varchar(500)')
    // The job that holds the connector while it syncs, and until when (a crashed holder lets go).
    .addColumn('lease_job', 'varchar(64)')
    .addColumn('lease_until', t.timestamp)
    // JSON: the running full pass {pass, object, cursor}; null when none runs.
    .addColumn('checkpoint', 'text')
    .addColumn('full_pass', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('import_done', t.boolean, (c) => c.notNull())
    // Remote records modified at or after this time are pulled by the next incremental pull.
    .addColumn('pull_since', t.timestamp)
    // The last change-feed entry of the company the push has handled.
    .addColumn('push_after', 'bigint', (c) => c.notNull())
    // JSON {fetched, created, updated, failed} of the latest (or running) run.
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('last_sync_at', t.timestamp)
    .addColumn('next_sync_at', t.timestamp)
    .addColumn('last_full_pass_at', t.timestamp)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('connectors_company_id_key', ['company_id', 'id'])
    .execute();

  await db.schema
    .createTable('connector_links')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('connector_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    // contact | company (HubSpot), person | organization (Pipedrive)
    .addColumn('remote_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('remote_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('remote_updated_at', t.timestamp)
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    // The full pass that last saw the remote record; older ones after a completed pass are gone remotely.
    .addColumn('seen_pass', 'integer', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('connector_links_local_key', ['connector_id', 'customer_id'])
    .addUniqueConstraint('connector_links_remote_key', ['connector_id', 'remote_type', 'remote_id'])
    .addForeignKeyConstraint(
      'connector_links_connector_fkey',
      ['company_id', 'connector_id'],
      'connectors',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('connector_links_pass_idx')
    .on('connector_links')
    .columns(['connector_id', 'seen_pass'])
    .execute();

  await db.schema
    .createTable('connector_log')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('connector_id', 'integer', (c) => c.notNull())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    // run_started | run_finished | run_failed | record_failed | conflict | deleted
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('direction', 'varchar(8)')
    .addColumn('remote_type', 'varchar(16)')
    .addColumn('remote_id', 'varchar(64)')
    .addColumn('customer_id', 'integer')
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addForeignKeyConstraint(
      'connector_log_connector_fkey',
      ['company_id', 'connector_id'],
      'connectors',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('connector_log_connector_idx')
    .on('connector_log')
    .columns(['company_id', 'connector_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('connector_log').ifExists().execute();
  await db.schema.dropTable('connector_links').ifExists().execute();
  await db.schema.dropTable('connectors').ifExists().execute();
}
