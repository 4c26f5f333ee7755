import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Deals kept in step by the CRM connectors (docs/decisions/057-connector-deals.md):
 * - connector_deal_links: local deal ↔ remote deal, unique both ways, with the remote's
 *   updated time and the hash of the content both sides agreed on last (as
 *   connector_links is for customers). No reference to `deals`: a deal deleted here keeps
 *   its link until the push has deleted the remote deal.
 * References are composite (company_id, id), as in decision 007.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('connector_deal_links')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('connector_id', 'integer', (c) => c.notNull())
    .addColumn('deal_id', 'integer', (c) => c.notNull())
    .addColumn('remote_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('remote_updated_at', t.timestamp)
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('connector_deal_links_local_key', ['connector_id', 'deal_id'])
    .addUniqueConstraint('connector_deal_links_remote_key', ['connector_id', 'remote_id'])
    .addForeignKeyConstraint(
      'connector_deal_links_connector_fkey',
      ['company_id', 'connector_id'],
      'connectors',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('connector_deal_links').ifExists().execute();
}
