import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * People at organisations: a person customer belongs to organisation customers
 * of the same company, each link with an optional role ("CFO").
 *
 * - One row per (person, organisation); both keys cascade, so deleting either
 *   customer (one by one, in bulk, or as the loser of a merge) takes its links
 *   with it and leaves the other side alone.
 * - `position` keeps the order a person's organisations were given in.
 * - The primary key serves "a person's organisations"; the second index serves
 *   "an organisation's people" in (created_at, person) order, which is also the
 *   people route's keyset order and the list's `organisation_id` filter.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('customer_organisations')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('role', 'varchar(100)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_organisations_pk', ['person_id', 'organisation_id'])
    .execute();
  await db.schema
    .createIndex('customer_organisations_org_idx')
    .on('customer_organisations')
    .columns(['company_id', 'organisation_id', 'created_at', 'person_id'])
    .execute();
  // PostgreSQL does not index a referencing column by itself; the cascade from a deleted
  // person looks its rows up through the primary key (person first) on both engines.
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_organisations').ifExists().execute();
}
