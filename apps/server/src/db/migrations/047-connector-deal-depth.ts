import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Deals kept in step as customers are (docs/decisions/070-connector-deal-depth.md):
 * - connector_deal_links.seen_pass: the last completed full pass that listed the remote
 *   deal; a link a completed pass did not see is a deal deleted remotely.
 * - connector_deal_links.pending_since: a remote create is under way (the intent, saved
 *   before the request); remote_id is a placeholder until the answer is saved.
 * - connectors.deal_backfill_after: the initial push of deals that existed before the
 *   connection, the last deal id it handled; null when there is none to do. Connections
 *   made before this migration keep null (they were promised only later changes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .alterTable('connector_deal_links')
    .addColumn('seen_pass', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('connector_deal_links').addColumn('pending_since', t.timestamp).execute();
  await db.schema.alterTable('connectors').addColumn('deal_backfill_after', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connectors').dropColumn('deal_backfill_after').execute();
  await db.schema.alterTable('connector_deal_links').dropColumn('pending_since').execute();
  await db.schema.alterTable('connector_deal_links').dropColumn('seen_pass').execute();
}
