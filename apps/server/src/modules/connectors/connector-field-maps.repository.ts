import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ConnectorFieldMapsTable } from '../../db/schema.ts';

export type FieldMapRow = Selectable<ConnectorFieldMapsTable>;

/** A connection's field mapping (migration 053), in field order of creation. */
export function fieldMapsOf(db: Database, companyId: number, connectorId: number): Promise<FieldMapRow[]> {
  return db
    .selectFrom('connector_field_maps')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId)
    .orderBy('field_id')
    .orderBy('remote_object')
    .execute();
}

/** Replaces a connection's whole mapping. */
export async function replaceFieldMaps(
  db: Database,
  companyId: number,
  connectorId: number,
  rows: Insertable<ConnectorFieldMapsTable>[],
): Promise<void> {
  await db
    .deleteFrom('connector_field_maps')
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId)
    .execute();
  if (rows.length) await db.insertInto('connector_field_maps').values(rows).execute();
}
