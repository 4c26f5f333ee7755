import { rmSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { CustomerCreateBody } from '@kontora/contract/customers';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { rowsInsert } from '../../apps/server/src/db/rows-insert.ts';
import { adaptNodeSqlite } from '../../apps/server/src/db/sqlite-adapter.ts';
import { completeCustomer, newCustomerRow } from '../../apps/server/src/modules/customers/customer-dto.ts';

/**
 * SQLite's own work for the rows an import saves: customers shaped like the import bench's
 * (scripts/bench/import-csv.ts), each with two tags and an `imported` timeline entry, marked as
 * an import's hidden rows, inserted by prepared multi-row statements of 64 rows in transactions of 1,024
 * (INSERT_WORK_ROWS is rounded up to whole pieces),
 * into a freshly migrated database (every index and trigger of the real schema). No HTTP, no
 * check, no matching: the statements alone.
 *
 * Wall times on a shared machine vary by ±20 %; SQLite's instruction counts do not. Run it under
 * callgrind, counting only inside `sqlite3_step`, to compare a schema change (decision 124):
 *
 *   valgrind --tool=callgrind --toggle-collect=sqlite3_step --callgrind-out-file=/dev/null \
 *     node scripts/bench/import-insert-work.ts
 *
 * and read `Collected` (two runs of 10,240 rows differed by 0.04 %; counting everything, V8's
 * own threads made runs differ by 5 %). The migrations are counted too: subtract a run with
 * INSERT_WORK_ROWS=0. INSERT_WORK_ROWS (default 10240) sets the rows; INSERT_WORK_VARIANT_SQL is
 * run on the migrated database first (a variant to compare: an index dropped, an FTS5 setting).
 */
const rows = Number(process.env.INSERT_WORK_ROWS ?? 10_240);
const file = `/tmp/import-insert-work-${process.pid}.sqlite`;
const removeFiles = () => {
  for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
};
removeFiles();
const raw = new DatabaseSync(file);
raw.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;
  PRAGMA cache_size = -64000; PRAGMA temp_store = MEMORY;`);
const db = new Kysely({
  dialect: new SqliteDialect({ database: adaptNodeSqlite(raw) }),
}) as unknown as Database;
await migrateToLatest(db);
if (process.env.INSERT_WORK_VARIANT_SQL) raw.exec(process.env.INSERT_WORK_VARIANT_SQL);
const at = new Date().toISOString();
const company = (
  raw
    .prepare(
      `insert into companies (name, created_at, updated_at) values ('Insert Work Co', ?, ?) returning id`,
    )
    .get(at, at) as { id: number }
).id;
const importId = (
  raw
    .prepare(`insert into csv_imports (company_id, kind, state, created_at, alive_at)
      values (?, 'customers', 'applying', ?, ?) returning id`)
    .get(company, at, at) as { id: number }
).id;

/** Row `i` as the bench's file has it, through the app's own row maker (derived columns included). */
function customerRow(i: number): object {
  const body = CustomerCreateBody.parse({
    name: `Person insert ${i}`,
    type: 'person',
    email: `insert-${i}@example.com`,
    phone: `+385 1 ${1_000_000 + i}`,
    website: `https://p${i}.example.com`,
    address: `Ilica ${i % 300}, Zagreb`,
    country: 'HR',
    status: ['lead', 'prospect', 'customer'][i % 3],
    tags: ['import', 'bench'],
    source: 'csv',
    notes: `Row ${i} of a generated file`,
  });
  return { ...newCustomerRow(company, completeCustomer(body), { userId: null, at }), import_id: importId };
}

/** A statement of the project's own multi-row text (db/rows-insert.ts), prepared once per shape. */
const prepared = new Map<string, StatementSync>();
function run(table: string, rowsOfPiece: object[], returning?: 'id'): { id: number }[] {
  const { sql: text, parameters } = rowsInsert(db, table, rowsOfPiece, returning);
  let statement = prepared.get(text);
  if (!statement) {
    statement = raw.prepare(text);
    prepared.set(text, statement);
  }
  return statement.all(...(parameters as SQLInputValue[])) as { id: number }[];
}

const PIECE = 64;
// Made before the clock starts: each piece's customers.
const pieces: object[][] = [];
for (let from = 0; from < rows; from += PIECE)
  pieces.push(Array.from({ length: PIECE }, (_, k) => customerRow(from + k)));
const started = performance.now();
for (let from = 0; from < rows; from += 1024) {
  raw.exec('begin');
  for (let piece = from; piece < Math.min(rows, from + 1024); piece += PIECE) {
    const ids = run('customers', pieces[piece / PIECE] ?? [], 'id').map((r) => r.id);
    run(
      'customer_tags',
      ids.flatMap((id) => ['import', 'bench'].map((tag) => ({ company_id: company, customer_id: id, tag }))),
    );
    run(
      'customer_activities',
      ids.map((id) => ({
        company_id: company,
        customer_id: id,
        kind: 'imported',
        author_id: null,
        created_at: at,
        import_id: importId,
      })),
    );
  }
  raw.exec('commit');
}
console.log(`${rows} rows in ${((performance.now() - started) / 1000).toFixed(2)} s`);
await db.destroy();
removeFiles();
