import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Connectors in depth (docs/decisions/041-connector-initial-push-intents-and-budgets.md):
 * - connectors.backfill_after: the initial push of customers that existed
 *   before the connection — the last customer id it handled (its checkpoint);
 *   null when there is none to do. Connections made before this migration
 *   keep null (they were promised only later changes).
 * - connectors.paused_until: the provider's daily budget is used up; no run
 *   calls it before this time.
 * - connector_links.pending_since: a remote create is under way for this
 *   customer (the intent, saved before the request); the remote id is a
 *   placeholder until the answer is saved. A run finding one looks the record
 *   up remotely before creating it again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema.alterTable('connectors').addColumn('backfill_after', 'bigint').execute();
  await db.schema.alterTable('connectors').addColumn('paused_until', t.timestamp).execute();
  await db.schema.alterTable('connector_links').addColumn('pending_since', t.timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connector_links').dropColumn('pending_since').execute();
  await db.schema.alterTable('connectors').dropColumn('paused_until').execute();
  await db.schema.alterTable('connectors').dropColumn('backfill_after').execute();
}
