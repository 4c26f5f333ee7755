import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * CSV imports read into a staging area as the file arrives (docs/decisions/068-staged-imports.md):
 * one `csv_imports` row per running import, its rows in `csv_import_rows` until the import is
 * applied or dropped. An import whose `alive_at` has gone stale belonged to a process that died:
 * it is dropped on the next start, so a crash never leaves staged rows behind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('csv_imports')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    /** `staging` while the file arrives and rows are checked, `applying` while they are saved. */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    /** Touched by every batch: a stale one is an import whose process is gone. */
    .addColumn('alive_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('csv_imports_alive_idx').on('csv_imports').column('alive_at').execute();
  await db.schema
    .createTable('csv_import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('csv_imports.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    /** JSON of the checked row (refused rows are only counted and reported, not staged). */
    .addColumn('row', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('csv_import_rows_pk', ['import_id', 'line'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('csv_import_rows').ifExists().execute();
  await db.schema.dropTable('csv_imports').ifExists().execute();
}
