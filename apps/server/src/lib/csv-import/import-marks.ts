import type { Database } from '../../db/database.ts';

/**
 * The rows an import saved in short transactions carry its id (`customers.import_id`, migration
 * 065) until it ends (docs/decisions/098-import-behind-a-switch.md). Once the import is over,
 * however it ended, its marks are settled a range at a time, each statement short so that other
 * writers get in between (SQLite has one writer):
 * - an import that was not applied (failed, stopped, its process killed before the flip) had
 *   its rows hidden all along: they are deleted, and what hangs from them goes with them
 *   (tags, timeline, links, own values: foreign keys on delete cascade). The counters never
 *   counted them (migration 066), and no feed entry named them.
 * - an applied import's rows are shown already: only the mark is cleared, so the partial index
 *   keeps the rows of imports under way alone.
 * Deals imports mark no row: for them this finds nothing.
 */

/** Rows per statement: a few tens of milliseconds on SQLite, with their cascades. */
const MARK_BATCH = 500;

export async function settleMarks(db: Database, companyId: number, importId: number): Promise<void> {
  const state = await db
    .selectFrom('csv_imports')
    .select('state')
    .where('company_id', '=', companyId)
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!state) return;
  const applied = state.state === 'applied';
  for (;;) {
    const ids = (
      await db
        .selectFrom('customers')
        .select('id')
        .where('import_id', '=', importId)
        .where('company_id', '=', companyId)
        .limit(MARK_BATCH)
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return;
    if (applied) {
      await db
        .updateTable('customers')
        .set({ import_id: null })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    } else {
      await db.deleteFrom('customers').where('company_id', '=', companyId).where('id', 'in', ids).execute();
    }
  }
}
