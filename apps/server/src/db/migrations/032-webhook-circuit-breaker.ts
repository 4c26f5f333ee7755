import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * A circuit breaker per webhook endpoint (docs/decisions/047-fair-background-work.md):
 * failed attempts in a row, and until when further deliveries wait instead of
 * being tried. In the row, so every instance sees the same state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('failures_in_row', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('circuit_open_until', t.timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('circuit_open_until').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('failures_in_row').execute();
}
