import { type Kysely, sql } from 'kysely';

/**
 * An import's new customers are written in short transactions under a marker
 * (docs/decisions/098-import-behind-a-switch.md): `customers.import_id` names the `csv_imports`
 * row whose batches wrote them; every read of customers leaves out the rows of an import that is
 * still `applying`, and the flip (`applied`) shows them all at once. The marker is cleared a range
 * at a time after the flip, so the partial index holds only the rows of imports under way.
 * PostgreSQL saves an import in one transaction and never marks a row; the column is there on
 * both engines so the schema is one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('import_id', 'integer').execute();
  await db.schema
    .createIndex('customers_import_idx')
    .on('customers')
    .column('import_id')
    .where(sql.ref('import_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customers_import_idx').ifExists().execute();
  await db.schema.alterTable('customers').dropColumn('import_id').execute();
}
