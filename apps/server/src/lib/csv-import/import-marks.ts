import { companyGuard } from '../../db/company-guard.ts';
import type { Database } from '../../db/database.ts';
import { nextTurn } from '../next-turn.ts';

/**
 * The rows an import saved in short transactions carry its id (`import_id`, migrations 065 and
 * 071) until it ends (docs/decisions/098-import-behind-a-switch.md,
 * 104-deal-todo-imports-behind-a-switch.md). Once the import is over, however it ended, its marks
 * are settled a range at a time, each statement short so that other writers get in between
 * (SQLite has one writer):
 * - an import that was not applied (failed, stopped, its process killed before the flip) had
 *   its rows hidden all along: they are deleted, and what hangs from them goes with them
 *   (tags, people, timeline, links, own values, occurrences: foreign keys on delete cascade). The
 *   counters never counted them (migrations 066, 072; deal figures are added by the flip alone),
 *   and no feed entry named them.
 * - an applied import's rows are shown already: only the mark is cleared, so the partial indexes
 *   keep the rows of imports under way alone.
 * PostgreSQL imports mark no row: for them this finds nothing.
 */

/** Rows per statement: a few tens of milliseconds on SQLite, with their cascades. */
const MARK_BATCH = 500;

type MarkedTable = 'customers' | 'deals' | 'events' | 'customer_activities';

/**
 * The tables an import of each kind marks, in the order they are settled: the entries a deal or
 * to-do import wrote on customers' timelines first, then its own rows.
 */
const MARKED: Readonly<Record<string, readonly MarkedTable[]>> = {
  customers: ['customers'],
  deals: ['customer_activities', 'deals'],
  events: ['customer_activities', 'events'],
};

export async function settleMarks(db: Database, companyId: number, importId: number): Promise<void> {
  const found = await db
    .selectFrom('csv_imports')
    .select(['state', 'kind'])
    .where('company_id', '=', companyId)
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!found) return;
  const applied = found.state === 'applied';
  for (const table of MARKED[found.kind] ?? []) await settleTable(db, table, companyId, importId, applied);
}

async function settleTable(
  db: Database,
  table: MarkedTable,
  companyId: number,
  importId: number,
  applied: boolean,
): Promise<void> {
  for (;;) {
    // Other requests get the one connection between the statements.
    await nextTurn();
    const ids = (
      await db
        .selectFrom(table)
        .select('id')
        .where('import_id', '=', importId)
        .where('company_id', '=', companyId)
        .limit(MARK_BATCH)
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return;
    if (applied) {
      await db
        .updateTable(table)
        .set({ import_id: null })
        .where(companyGuard('company_id'), '=', companyId)
        .where('id', 'in', ids)
        .execute();
    } else {
      await db
        .deleteFrom(table)
        .where(companyGuard('company_id'), '=', companyId)
        .where('id', 'in', ids)
        .execute();
    }
  }
}
