import { CompiledQuery, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { pgArray } from '../../db/pg-array.ts';
import { CUSTOMER_COLUMNS, type CustomerPatch } from './customers.repository.ts';

/** One customer's change, applied only while it still has the version it was read at. */
export interface VersionedPatch {
  id: number;
  version: number;
  patch: CustomerPatch;
}

/**
 * Many customers' changes in few statements (an import batch's updates): one UPDATE per set of
 * columns changed, each row applied only at its version (and bumped), as
 * `updateCustomerIfVersion` does one at a time. A customer changed twice in the list is changed
 * by a later statement at its next version. Answers how many rows were changed: fewer than
 * given means one was changed by someone else meanwhile.
 *
 * Why: each UPDATE statement is a round trip and fires the counter and version triggers; 10,000
 * matched rows one by one cost 6.6 s of PostgreSQL CPU and 2.0 s of the server's, in 20
 * statements 1.6 s and 0.04 s (docs/decisions/090-import-save-set-based.md).
 */
export async function updateCustomersIfVersion(
  db: Database,
  companyId: number,
  rows: readonly VersionedPatch[],
): Promise<number> {
  let changed = 0;
  for (const group of statementGroups(rows)) {
    for (let i = 0; i < group.rows.length; i += CHUNK) {
      changed += await updateGroup(db, companyId, group.columns, group.rows.slice(i, i + CHUNK));
    }
  }
  return changed;
}

/** Rows per statement: 500 rows of up to 30 columns stays below SQLite's 32,766 parameters. */
const CHUNK = 500;

/**
 * Rows grouped by the columns they set, in rounds: the n-th change of a customer goes in round n,
 * so no statement names a customer twice and a later change finds the version the earlier made.
 */
export function statementGroups(
  rows: readonly VersionedPatch[],
): { columns: string[]; rows: VersionedPatch[] }[] {
  const seen = new Map<number, number>();
  const groups = new Map<string, { round: number; columns: string[]; rows: VersionedPatch[] }>();
  for (const row of rows) {
    const round = seen.get(row.id) ?? 0;
    seen.set(row.id, round + 1);
    const columns = Object.keys(row.patch)
      .filter((c) => (row.patch as Record<string, unknown>)[c] !== undefined)
      .sort();
    const key = `${round}:${columns.join(',')}`;
    let group = groups.get(key);
    if (!group) {
      group = { round, columns, rows: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()].sort((a, b) => a.round - b.round);
}

async function updateGroup(
  db: Database,
  companyId: number,
  columns: string[],
  rows: readonly VersionedPatch[],
): Promise<number> {
  const value = (r: VersionedPatch, c: string) => (r.patch as Record<string, unknown>)[c] ?? null;
  if (dialectOf(db) === 'postgres') {
    const set = sql.join([
      ...columns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`),
      sql`version = customers.version + 1`,
    ]);
    const names = sql.join(['v_id', 'v_version', ...columns].map((c) => sql.ref(c)));
    const arrays = sql.join([
      sql`${pgArray(rows.map((r) => r.id))}::int4[]`,
      sql`${pgArray(rows.map((r) => r.version))}::int4[]`,
      ...columns.map(
        (c) => sql`${pgArray(rows.map((r) => value(r, c)))}::${sql.raw(CUSTOMER_COLUMNS[c] ?? 'text')}[]`,
      ),
    ]);
    const result = await sql`update customers set ${set}
      from unnest(${arrays}) as v(${names})
      where customers.company_id = ${companyId} and customers.id = v.v_id and customers.version = v.v_version`.execute(
      db,
    );
    return Number(result.numAffectedRows ?? 0);
  }
  let changed = 0;
  // In pieces of a power of two, largest first, so the few statement texts stay prepared (as
  // insertRows does, db/rows-insert.ts).
  for (let at = 0; at < rows.length; ) {
    const piece = 2 ** Math.floor(Math.log2(rows.length - at));
    const parameters: unknown[] = [];
    for (const r of rows.slice(at, at + piece)) {
      parameters.push(r.id, r.version);
      for (const c of columns) parameters.push(value(r, c));
    }
    parameters.push(companyId);
    const result = await db.executeQuery(CompiledQuery.raw(sqliteUpdateText(columns, piece), parameters));
    changed += Number(result.numAffectedRows ?? 0);
    at += piece;
  }
  return changed;
}

/**
 * SQLite's statement for `count` rows setting `columns`, written as text and kept: built with the
 * query builder, an import's flip spent longer compiling its 500-row statements than SQLite spent
 * preparing them (a CPU profile of a million-row import: 0.5 s of compiling for 100,000 updates).
 */
function sqliteUpdateText(columns: readonly string[], count: number): string {
  const key = `${columns.join(',')}\t${count}`;
  let text = SQLITE_TEXTS.get(key);
  if (text === undefined) {
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const tuple = `(${Array.from({ length: columns.length + 2 }, () => '?').join(', ')})`;
    const names = ['v_id', 'v_version', ...columns].map(quote).join(', ');
    const set = [...columns.map((c) => `${quote(c)} = "v".${quote(c)}`), 'version = customers.version + 1'];
    text = `with v(${names}) as (values ${Array.from({ length: count }, () => tuple).join(', ')})
    update customers set ${set.join(', ')} from v
    where customers.company_id = ? and customers.id = v.v_id and customers.version = v.v_version`;
    // Bounded: column sets are few, but a caller could make them vary.
    if (SQLITE_TEXTS.size >= 500) SQLITE_TEXTS.clear();
    SQLITE_TEXTS.set(key, text);
  }
  return text;
}

const SQLITE_TEXTS = new Map<string, string>();
