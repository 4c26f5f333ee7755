import type { Kysely } from 'kysely';

/**
 * A timeline entry that changed a customer keeps the version the change made
 * (docs/decisions/054-merge-non-overlapping-edits.md): an edit sent with an
 * older version is merged when none of its fields changed since. Earlier
 * entries stay without one; an edit based on their versions is refused as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer_activities').addColumn('version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer_activities').dropColumn('version').execute();
}
