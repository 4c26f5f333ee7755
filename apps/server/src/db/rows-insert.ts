import { CompiledQuery } from 'kysely';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';

/**
 * A multi-row INSERT written as text: the statement Kysely's builder makes for `values(rows)`
 * (the columns any row gives a value, in the order first met; a value left out is null), without
 * building and compiling a tree of every row's values each time. An import batch's inserts of
 * customers, tags, timeline entries and staged rows spent as long there as in SQLite itself
 * (docs/decisions/103-import-write-cost.md). The text is kept per table, columns and row count,
 * so SQLite also reuses its prepared statement.
 */
export function rowsInsert(
  db: Database,
  table: string,
  rows: readonly object[],
  returning?: 'id',
): CompiledQuery<{ id: number }> {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    // for…in rather than Object.entries: no array a column, for every row of an import's batch.
    for (const column in values) {
      if (values[column] !== undefined && !seen.has(column)) {
        seen.add(column);
        columns.push(column);
      }
    }
  }
  const pg = dialectOf(db) === 'postgres';
  const key = `${pg}\t${table}\t${columns.join(',')}\t${rows.length}\t${returning ?? ''}`;
  let text = TEXTS.get(key);
  if (text === undefined) {
    text = insertText(pg, table, columns, rows.length, returning);
    // Bounded: row counts and column sets are few, but a caller could make them vary.
    if (TEXTS.size >= 500) TEXTS.clear();
    TEXTS.set(key, text);
  }
  const parameters: unknown[] = new Array(rows.length * columns.length);
  let i = 0;
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (const column of columns) parameters[i++] = values[column] ?? null;
  }
  return CompiledQuery.raw(text, parameters) as CompiledQuery<{ id: number }>;
}

/**
 * Runs `rowsInsert`; answers the returned ids (in row order, as the insert gives them). On SQLite
 * the rows go in pieces of a power of two, largest first: a batch's row count varies (an import's
 * chunks, the rows a batch creates), and each new count was a statement SQLite prepared afresh,
 * 3 ms for the customers' insert, longer than running it (docs/decisions/111-import-transactions-sized-by-time.md).
 * Pieces keep the shapes to a few per table, so the prepared statements are reused.
 */
export async function insertRows(
  db: Database,
  table: string,
  rows: readonly object[],
  returning?: 'id',
): Promise<{ id: number }[]> {
  const whole = dialectOf(db) === 'postgres';
  const answered: { id: number }[] = [];
  for (let at = 0; at < rows.length; ) {
    const left = rows.length - at;
    const piece = whole ? left : 2 ** Math.floor(Math.log2(left));
    const { rows: ids } = await db.executeQuery(rowsInsert(db, table, rows.slice(at, at + piece), returning));
    for (const id of ids) answered.push(id);
    at += piece;
  }
  return answered;
}

const TEXTS = new Map<string, string>();

function insertText(
  pg: boolean,
  table: string,
  columns: readonly string[],
  count: number,
  returning: string | undefined,
): string {
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const tuples: string[] = [];
  let n = 0;
  for (let r = 0; r < count; r++) {
    const marks = columns.map(() => (pg ? `$${++n}` : '?'));
    tuples.push(`(${marks.join(', ')})`);
  }
  const returned = returning ? ` returning ${quote(returning)}` : '';
  return `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}${returned}`;
}
