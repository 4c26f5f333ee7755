import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * A connection's own fields ↔ remote properties (docs/decisions/077-connector-field-mapping.md):
 * - connector_field_maps: one row per own field (custom_fields) and remote object kind
 *   (`contact`, `company`, `deal` for HubSpot; `person`, `organization`, `deal` for
 *   Pipedrive) naming the remote property (HubSpot's property `name`, Pipedrive's field
 *   `key`). A field is mapped once per object kind, and a remote property to one field.
 *   Rows go with their connection and with a deleted field (foreign keys); an archived
 *   field keeps its rows and is left out of the sync while archived.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('connector_field_maps')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('connector_id', 'integer', (c) => c.notNull())
    .addColumn('field_id', 'integer', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
    .addColumn('remote_object', 'varchar(32)', (c) => c.notNull())
    .addColumn('remote_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('connector_field_maps_field_key', ['connector_id', 'field_id', 'remote_object'])
    .addUniqueConstraint('connector_field_maps_remote_key', ['connector_id', 'remote_object', 'remote_name'])
    .addForeignKeyConstraint(
      'connector_field_maps_connector_fkey',
      ['company_id', 'connector_id'],
      'connectors',
      ['company_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('connector_field_maps_field_idx')
    .on('connector_field_maps')
    .column('field_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('connector_field_maps').ifExists().execute();
}
