import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * The company's customer counters (migration 002) leave out the rows of an import that is not yet
 * applied (migration 065, docs/decisions/098-import-behind-a-switch.md): a marked row counts
 * neither when it is written nor when the sweep deletes it; the flip adds the import's rows in one
 * statement. Once the import is `applied`, its still-marked rows count as any other (a status
 * change or a deletion before the marker is cleared). PostgreSQL marks no row: its triggers stay.
 */
const applied = (row: 'new' | 'old') =>
  `(${row}.import_id IS NULL OR EXISTS (SELECT 1 FROM csv_imports WHERE id = ${row}.import_id AND state = 'applied'))`;

/** Migration 002's triggers, each counting only the rows `counted` lets through (every row: none). */
async function countTriggers(db: Kysely<any>, counted?: typeof applied): Promise<void> {
  const when = (row: 'new' | 'old', and = '') =>
    sql.raw(counted ? `WHEN ${and}${counted(row)}` : and ? `WHEN ${and.replace(/ AND $/, '')}` : '');
  for (const name of ['customer_counts_ai', 'customer_counts_ad', 'customer_counts_au'])
    await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  await sql`CREATE TRIGGER customer_counts_ai AFTER INSERT ON customers ${when('new')} BEGIN
    INSERT INTO customer_counts (company_id, dimension, value, n)
    VALUES (new.company_id, 'status', new.status, 1), (new.company_id, 'month', substr(new.created_at, 1, 7), 1)
    ON CONFLICT (company_id, dimension, value) DO UPDATE SET n = n + 1;
  END`.execute(db);
  await sql`CREATE TRIGGER customer_counts_ad AFTER DELETE ON customers ${when('old')} BEGIN
    UPDATE customer_counts SET n = n - 1
    WHERE company_id = old.company_id
      AND ((dimension = 'status' AND value = old.status)
        OR (dimension = 'month' AND value = substr(old.created_at, 1, 7)));
  END`.execute(db);
  await sql`CREATE TRIGGER customer_counts_au AFTER UPDATE OF status ON customers
  ${when('new', 'old.status <> new.status AND ')} BEGIN
    UPDATE customer_counts SET n = n - 1
    WHERE company_id = old.company_id AND dimension = 'status' AND value = old.status;
    INSERT INTO customer_counts (company_id, dimension, value, n)
    VALUES (new.company_id, 'status', new.status, 1)
    ON CONFLICT (company_id, dimension, value) DO UPDATE SET n = n + 1;
  END`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await countTriggers(db, applied);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await countTriggers(db);
}
