import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';

/**
 * PostgreSQL plans a statement from statistics gathered before the import began: to them the
 * importing company still has the customers it had, so a lookup by company and ids walks all of
 * its customers, and each batch walks more (docs/decisions/090-import-save-set-based.md). Inside
 * the saving transaction, ANALYZE counts the transaction's own new rows; its statistics stay the
 * transaction's until the commit, when they are true for everyone. Run again each time the rows
 * written have doubled, so a million rows cost about ten of them.
 *
 * Only the columns those lookups filter on are analysed: ANALYZE of every column of customers
 * (their words, a tsvector, the costliest) took 360 ms at 100,000 rows, these 125 ms. The other
 * columns' statistics are autovacuum's, as after any other write.
 *
 * ANALYZE takes a lock that another ANALYZE (another import, autovacuum) also takes: it waits at
 * most LOCK_WAIT for it, under a savepoint, and on a refusal the import goes on with the plans it
 * has until the next doubling. SQLite plans without such statistics: nothing to do there.
 */
export function importStatistics(
  trx: Database,
  columns: Readonly<Record<string, readonly string[]>>,
): (rowsWritten: number) => Promise<void> {
  if (dialectOf(trx) !== 'postgres') return async () => {};
  let next = FIRST_ANALYZE;
  return async (rowsWritten) => {
    if (rowsWritten < next) return;
    next = rowsWritten * 2;
    const { rows } = await sql<{
      lock_timeout: string;
    }>`select current_setting('lock_timeout') as lock_timeout`.execute(trx);
    const previous = rows[0]?.lock_timeout ?? '0';
    await sql`savepoint import_statistics`.execute(trx);
    try {
      await sql`select set_config('lock_timeout', ${LOCK_WAIT}, true)`.execute(trx);
      const targets = Object.entries(columns).map(
        ([table, names]) => sql`${sql.table(table)} (${sql.join(names.map((name) => sql.ref(name)))})`,
      );
      await sql`analyze ${sql.join(targets)}`.execute(trx);
      await sql`release savepoint import_statistics`.execute(trx);
    } catch {
      // Refused (another ANALYZE holds the lock): its setting goes back with the savepoint.
      await sql`rollback to savepoint import_statistics`.execute(trx);
      return;
    }
    // Released, the savepoint's setting would stay for the rest of the transaction.
    await sql`select set_config('lock_timeout', ${previous}, true)`.execute(trx);
  };
}

/** Rows written before the first ANALYZE: a walk of fewer costs less than the ANALYZE. */
const FIRST_ANALYZE = 5_000;
const LOCK_WAIT = '100ms';
