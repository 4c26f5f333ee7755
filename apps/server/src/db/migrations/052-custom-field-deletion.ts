import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * A deleted field waits 30 days before it is gone (docs/decisions/076-field-deletion-merge-and-bulk.md):
 * `custom_fields.deleted_at` set means deleted — left out of every read, write, filter and
 * export, its key still reserved, its value rows kept until the daily purge removes the field
 * (and, by the foreign keys, its values). Null: in use or archived. One nullable column: no
 * rewrite of the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema.alterTable('custom_fields').addColumn('deleted_at', t.timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('custom_fields').dropColumn('deleted_at').execute();
}
