import { type Kysely, sql } from 'kysely';

/**
 * Deal and to-do imports save in short transactions behind a marker on SQLite, as customer
 * imports do (migration 065; docs/decisions/104-deal-todo-imports-behind-a-switch.md): the deals
 * or to-dos of a batch carry the `csv_imports` row that wrote them, and so do the entries their
 * batch writes on customers' timelines (`deal_created`, `todo_created`), which would otherwise show
 * before the flip and outlive an import not applied. Reads leave out the rows of an import still
 * `applying`; the partial indexes hold only rows of imports under way, their marks cleared after
 * the flip. PostgreSQL marks no row; the columns are there on both engines so the schema is one.
 */
const TABLES = ['deals', 'events', 'customer_activities'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('import_id', 'integer').execute();
    await db.schema
      .createIndex(`${table}_import_idx`)
      .on(table)
      .column('import_id')
      .where(sql.ref('import_id'), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_import_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('import_id').execute();
  }
}
