import type { Kysely } from 'kysely';
import { crossCompany } from '../cross-company.ts';
import { types } from './column-types.ts';

/**
 * Saved views and column choices of the deal list beside the customer list's
 * (docs/decisions/088-deal-views-and-bulk-by-filter.md): `customer_views.record` says whose list
 * a view is of ('customer' for every view saved so far), and `deal_list_columns` keeps each
 * person's deal columns as `customer_list_columns` keeps the customer ones. A column with a
 * constant default is a catalogue change on PostgreSQL (no rewrite of the table).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .alterTable('customer_views')
    .addColumn('record', 'varchar(16)', (c) => c.notNull().defaultTo('customer'))
    .execute();
  await db.schema
    .createTable('deal_list_columns')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('deal_list_columns_pk', ['company_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deal_list_columns').ifExists().execute();
  await crossCompany(db, "a migration's undo drops every company's deal views")
    .deleteFrom('customer_views')
    .where('record', '<>', 'customer')
    .execute();
  await db.schema.alterTable('customer_views').dropColumn('record').execute();
}
