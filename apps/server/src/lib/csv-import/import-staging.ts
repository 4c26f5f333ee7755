import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { insertRows } from '../../db/rows-insert.ts';
import { nextTurn } from '../next-turn.ts';
import { nowIso } from '../tokens.ts';
import { settleMarks } from './import-marks.ts';

/**
 * The staging area of CSV imports (docs/decisions/068-staged-imports.md): the checked rows of a
 * file are written here in batches as the file arrives, so memory stays flat whatever its size,
 * and read back in batches to match and save them. Nothing here is visible as company data;
 * an import's rows are dropped when it ends, however it ends, and on the next start when the
 * process running it died.
 */

/** Rows per staging statement: 500 × 4 parameters stays far below either database's limit. */
export const STAGE_BATCH = 500;

/** An import not touched for this long belongs to a process that is gone. */
export const STALE_IMPORT_MS = 2 * 60_000;

export async function openStaging(db: Database, companyId: number, kind: string): Promise<number> {
  const at = nowIso();
  const row = await db
    .insertInto('csv_imports')
    .values({ company_id: companyId, kind, state: 'staging', created_at: at, alive_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes one batch of checked rows (line → JSON-able row) and marks the import alive. */
export async function stageRows(
  db: Database,
  companyId: number,
  importId: number,
  rows: readonly { line: number; row: unknown }[],
): Promise<void> {
  if (rows.length === 0) return;
  await insertRows(
    db,
    'csv_import_rows',
    rows.map((r) => ({
      import_id: importId,
      company_id: companyId,
      line: r.line,
      row: JSON.stringify(r.row),
    })),
  );
  await touchImport(db, companyId, importId);
}

/**
 * When this process last wrote each running import's `alive_at`. An import is taken for dead
 * after STALE_IMPORT_MS without one, so a write a second is plenty. On PostgreSQL each write is a
 * commit of its own, outside the import's transaction (so that others see it), and waits for the
 * log's flush: one a batch cost 1.5 s of a 100,000-row import (decision 118).
 */
const lastTouched = new WeakMap<Database, Map<number, number>>();
const TOUCH_EVERY_MS = 1_000;

/**
 * Marks the import alive (at most once a second through the same connection handle, unless its
 * state changes) or moves its state. Keyed by the handle too: tests run many databases in one
 * process, each numbering its imports from 1.
 */
export async function touchImport(
  db: Database,
  companyId: number,
  importId: number,
  state?: 'staging' | 'applying' | 'applied',
): Promise<void> {
  const now = Date.now();
  let touched = lastTouched.get(db);
  if (!touched) {
    touched = new Map();
    lastTouched.set(db, touched);
  }
  if (!state && now - (touched.get(importId) ?? 0) < TOUCH_EVERY_MS) return;
  if (state === 'applied') touched.delete(importId);
  else {
    // Imports that were dropped never say 'applied': the map is cleared rather than left to grow.
    if (touched.size > 1_000) touched.clear();
    touched.set(importId, now);
  }
  const update = db
    .updateTable('csv_imports')
    .set(state ? { alive_at: nowIso(), state } : { alive_at: nowIso() })
    .where('company_id', '=', companyId)
    .where('id', '=', importId);
  if (state !== 'applied') {
    await update.execute();
    return;
  }
  const applied = await update.returning('kind').executeTakeFirst();
  if (applied) await bumpShownVersion(db, companyId, applied.kind);
}

/** The version table (migration 029) whose cached answers show the rows of an import's kind. */
const SHOWN_VERSIONS: Readonly<Record<string, 'customer_versions' | 'event_versions'>> = {
  customers: 'customer_versions',
  events: 'event_versions',
};

/**
 * The flip shows every row of the import at once, so answers cached under the company's version
 * of that kind are stale: it is bumped here, in the flip's transaction. The rows' inserts did not
 * bump it on SQLite, hidden as they were (migration 075).
 */
async function bumpShownVersion(db: Database, companyId: number, kind: string): Promise<void> {
  const table = SHOWN_VERSIONS[kind];
  if (!table) return;
  await sql`insert into ${sql.table(table)} (company_id, version) values (${companyId}, 1)
    on conflict (company_id) do update set version = ${sql.ref(`${table}.version`)} + 1`.execute(db);
}

/**
 * The staged rows in line order, `size` at a time. Each read is bounded by a range of lines as
 * well as by its limit: PostgreSQL plans the read from statistics taken before the import staged
 * its rows (to them the import has none), and chose to fetch and sort every row after the last
 * one read — each batch cost more than the one before (80 ms a batch at 50,000 rows). A line holds
 * at most one row, so a range of `remaining` lines never holds more than the batch still wants.
 */
export async function* stagedBatches<T>(
  db: Database,
  companyId: number,
  importId: number,
  size: number,
): AsyncGenerator<{ line: number; row: T }[]> {
  const last = await stagedLine(db, companyId, importId, 'max');
  let after = 0;
  while (after < last) {
    const rows: { line: number; row: string }[] = [];
    while (rows.length < size && after < last) {
      const remaining = size - rows.length;
      const upTo = Math.min(last, after + remaining + STAGED_READ_SLACK);
      const found = await db
        .selectFrom('csv_import_rows')
        .select(['line', 'row'])
        .where('import_id', '=', importId)
        .where('company_id', '=', companyId)
        .where('line', '>', after)
        .where('line', '<=', upTo)
        .orderBy('line')
        .limit(remaining)
        .execute();
      rows.push(...found);
      after = found.length === remaining ? (found[found.length - 1]?.line ?? upTo) : upTo;
    }
    if (rows.length) yield rows.map((r) => ({ line: r.line, row: JSON.parse(r.row) as T }));
  }
}

/** Lines a staged read looks past the rows it still wants: room for a few refused or blank lines. */
const STAGED_READ_SLACK = 64;

/**
 * The first or last line staged (0 when none). `stagedBatches` reads after line 0 up to the
 * last, so rows planned under negated lines are never read as the file's; `dropStaging` deletes
 * from the first, so they go with them.
 */
async function stagedLine(
  db: Database,
  companyId: number,
  importId: number,
  end: 'min' | 'max',
): Promise<number> {
  const row = await db
    .selectFrom('csv_import_rows')
    .select((eb) => eb.fn[end]('line').as('line'))
    .where('import_id', '=', importId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.line ?? 0);
}

/**
 * Rows staged beside the file's lines, under the negated line of the row they came from (an
 * update planned for the flip, docs/decisions/098-import-behind-a-switch.md): lines `from`..`to`
 * of the file, in line order, the first `limit` of them.
 */
export async function plannedRows<T>(
  db: Database,
  companyId: number,
  importId: number,
  from: number,
  to: number,
  limit: number,
): Promise<{ line: number; row: T }[]> {
  const rows = await db
    .selectFrom('csv_import_rows')
    .select(['line', 'row'])
    .where('import_id', '=', importId)
    .where('company_id', '=', companyId)
    .where('line', '>=', -to)
    .where('line', '<=', -from)
    .orderBy('line', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ line: r.line, row: JSON.parse(r.row) as T }));
}

/**
 * Line 0 holds what an import part-way through its flip has left to do
 * (modules/customers/import/customer-import-finish.ts): such an import is never dropped, only
 * finished, at once or by the next start.
 */
export const FINISH_LINE = 0;

export async function isFinishing(db: Database, companyId: number, importId: number): Promise<boolean> {
  return (await stagedRow(db, companyId, importId, FINISH_LINE)) !== null;
}

/** The row staged under `line`, parsed (null when there is none). */
export async function stagedRow<T>(
  db: Database,
  companyId: number,
  importId: number,
  line: number,
): Promise<T | null> {
  const found = await db
    .selectFrom('csv_import_rows')
    .select('row')
    .where('import_id', '=', importId)
    .where('company_id', '=', companyId)
    .where('line', '=', line)
    .executeTakeFirst();
  return found ? (JSON.parse(found.row) as T) : null;
}

/** Lines per delete: each statement is short, so other writers get in between (SQLite has one writer). */
const DROP_LINES = 20_000;

/**
 * Drops an import, its marked rows and its staged rows, a range per statement. An import that
 * was not applied takes its marked rows away (never shown); an applied one leaves them shown,
 * unmarked (import-marks.ts).
 */
export async function dropStaging(db: Database, companyId: number, importId: number): Promise<void> {
  if (await isFinishing(db, companyId, importId)) return;
  await settleMarks(db, companyId, importId);
  // Planned rows lie under negated lines: the ranges start below the first of them.
  const first = Math.min(0, await stagedLine(db, companyId, importId, 'min'));
  const last = await stagedLine(db, companyId, importId, 'max');
  for (let from = first - 1; from <= last; from += DROP_LINES) {
    await nextTurn();
    await db
      .deleteFrom('csv_import_rows')
      .where('import_id', '=', importId)
      .where('company_id', '=', companyId)
      .where('line', '>', from)
      .where('line', '<=', from + DROP_LINES)
      .execute();
  }
  await db.deleteFrom('csv_imports').where('company_id', '=', companyId).where('id', '=', importId).execute();
}

/**
 * Finishes an import a dead process left part-way through its flip (the module that wrote it):
 * answers whether it did. One that is not finished stays, to be tried again by a later sweep.
 */
export type FinishImport = (imp: { id: number; company_id: number }) => Promise<boolean>;

/**
 * Drops the imports whose process died (not touched for `staleMs`): run on start, so a crash or
 * a kill mid-import leaves no staged rows behind. A saving in one transaction was rolled back
 * with the connection; rows saved in short transactions before the flip are deleted, those of an
 * import already applied are left shown (dropStaging). One killed part-way through its flip is
 * finished by `finish`, then dropped as applied; without `finish` it is left. Answers how many
 * were dropped.
 */
export async function dropStaleImports(
  db: Database,
  staleMs = STALE_IMPORT_MS,
  finish?: FinishImport,
): Promise<number> {
  const before = new Date(Date.now() - staleMs).toISOString();
  const stale = await crossCompany(db, 'imports of any company whose process died are dropped on start')
    .selectFrom('csv_imports')
    .select(['id', 'company_id'])
    .where('alive_at', '<', before)
    .execute();
  let dropped = 0;
  for (const imp of stale) {
    if ((await isFinishing(db, imp.company_id, imp.id)) && !(await finish?.(imp))) continue;
    await dropStaging(db, imp.company_id, imp.id);
    dropped++;
  }
  return dropped;
}

/**
 * Drops dead imports' staged rows once the app is ready (after the migrations) and every minute
 * after, so an instance that survives another's crash cleans up after it too. On SQLite, where one
 * process serves the database, every import found on start is dead: one killed part-way through
 * its flip is finished in the background, its company held from before the app serves (its
 * customer reads wait, company-hold.ts) while the other companies are served. The others wait the
 * usual time.
 */
export function sweepStaleImports(app: FastifyInstance, db: Database, finish: FinishImport): void {
  let timer: NodeJS.Timeout | undefined;
  const finishing = new Map<number, Promise<void>>();
  // Called at once (`finish` holds the company as it is called); a failure is logged and the
  // import left for a later sweep. An import being finished here is not the sweep's to finish again.
  const tryFinish: FinishImport = async (imp) => {
    if (finishing.has(imp.id)) return false;
    try {
      return await finish(imp);
    } catch (err) {
      app.log.error({ err, importId: imp.id }, 'an import killed part-way through its flip was not finished');
      return false;
    }
  };
  const sweep = () =>
    dropStaleImports(db, STALE_IMPORT_MS, tryFinish).catch((err: unknown) =>
      app.log.warn({ err }, 'import sweep failed'),
    );
  app.addHook('onReady', async () => {
    if (dialectOf(db) === 'sqlite') {
      for (const imp of await interruptedFlips(db)) {
        const done = tryFinish(imp)
          .then((finished) => (finished ? dropStaging(db, imp.company_id, imp.id) : undefined))
          .catch((err: unknown) => app.log.warn({ err, importId: imp.id }, 'import sweep failed'))
          .finally(() => finishing.delete(imp.id));
        finishing.set(imp.id, done);
      }
    }
    await sweep();
    timer = setInterval(sweep, 60_000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await Promise.all(finishing.values());
  });
}

/** Imports a process was killed part-way through their flip (what is left staged under line 0). */
function interruptedFlips(db: Database) {
  return crossCompany(db, 'imports killed part-way through their flip are finished on start')
    .selectFrom('csv_imports')
    .innerJoin('csv_import_rows', 'csv_import_rows.import_id', 'csv_imports.id')
    .select(['csv_imports.id', 'csv_imports.company_id'])
    .where('csv_import_rows.line', '=', FINISH_LINE)
    .execute();
}
