import { type Kysely, sql } from 'kysely';
import { crossCompany } from '../cross-company.ts';
import { isPostgres } from './column-types.ts';

/**
 * A saved view of the customer list may sort by a company's own field, `custom.{key}` (keys up
 * to 40 characters), which does not fit the view's `varchar(16)` sort. Widening a varchar is a
 * catalogue change on PostgreSQL (no rewrite of the table); SQLite does not enforce the length.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('customer_views')
    .alterColumn('sort', (c) => c.setDataType('varchar(48)'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Views sorted by an own field fall back to the list's default order.
  await sql`UPDATE customer_views SET sort = 'name' WHERE sort LIKE 'custom.%'`.execute(
    crossCompany(db, "a migration resets every company's views sorted by an own field"),
  );
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('customer_views')
    .alterColumn('sort', (c) => c.setDataType('varchar(16)'))
    .execute();
}
