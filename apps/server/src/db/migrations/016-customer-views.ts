import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * The customer list's saved views and each person's column choice, per company
 * (decision 020). A view belongs to its author and may be
 * shared with the company; both go when the company or the person goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('customer_views')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('shared', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    // JSON: {q, status, owner_id, tag}; columns: JSON array of column ids in order.
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('sort', 'varchar(16)', (c) => c.notNull())
    .addColumn('dir', 'varchar(4)', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A person's views; the company's shared ones.
  await db.schema
    .createIndex('customer_views_user_idx')
    .on('customer_views')
    .columns(['company_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('customer_views_shared_idx')
    .on('customer_views')
    .columns(['company_id', 'shared'])
    .execute();

  await db.schema
    .createTable('customer_list_columns')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_list_columns_pk', ['company_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_list_columns').ifExists().execute();
  await db.schema.dropTable('customer_views').ifExists().execute();
}
