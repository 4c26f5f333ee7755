import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/database.ts';
import { holdCompany } from '../../../lib/csv-import/company-hold.ts';
import { FINISH_LINE, plannedRows, stagedRow, touchImport } from '../../../lib/csv-import/import-staging.ts';
import { SwitchChunks } from '../../../lib/csv-import/switch-chunks.ts';
import { nextTurn } from '../../../lib/next-turn.ts';
import type { RecordAuthor } from '../../../lib/record-author.ts';
import type { CustomPlan } from '../../custom-fields/custom-fields.service.ts';
import type { EditableCustomer } from '../customer-dto.ts';
import {
  type CustomerWrites,
  type HeldWindow,
  type ImportFinishedCounts,
  stale,
  writeCustomers,
} from '../customer-writes.ts';
import { withCurrentLinks } from './customer-import-links.ts';

/**
 * The flip of a customer import that updates customers it matched (SQLite,
 * docs/decisions/115-import-finishes-in-chunks-behind-a-hold.md). Applying 100,000 updates takes
 * tens of seconds; in one transaction every other company's writes would wait that long. So the
 * company is held (lib/csv-import/company-hold.ts: its customer reads and writes wait), the
 * planned updates are checked against the versions read, and then the feed entries and updates
 * are written a feed batch at a time in transactions of about 30 ms, other companies writing
 * between them. The last one makes the import `applied`: its new rows shown and counted, and
 * `customer.import_finished`. What the flip is to do is staged under line 0 with its first
 * transaction, and how far it got under line -1 with each, so a process killed mid-way finishes
 * the import on its next start; it is never rolled back once an update is written.
 */

/** A matched row's update as decided, with the organisations it joins by id. */
export interface PlannedUpdate {
  id: number;
  version: number;
  before: EditableCustomer;
  after: EditableCustomer;
  custom?: CustomPlan | undefined;
  joining: number[];
}

/** A batch's updates, each joining its organisations and keeping those it had. */
export async function updateBatch(writes: CustomerWrites, updates: PlannedUpdate[]): Promise<void> {
  const changing = [];
  for (const u of updates) {
    changing.push({
      current: { ...u.before, id: u.id, version: u.version },
      after: u.after,
      organisations: u.joining.length ? await withCurrentLinks(writes, u.id, u.joining) : undefined,
      custom: u.custom,
    });
  }
  await writes.updateImported(changing);
}

/** A feed batch still to record: its ids as runs (first, count), its planned updates' lines. */
interface StoredWindow {
  rows: number[];
  organisations: number[];
  updates: { from: number; to: number } | null;
}

/** What a finishing import keeps under line 0, written once: enough to finish it after a restart. */
interface FinishFacts {
  author: RecordAuthor;
  counts: [string, number][];
  finished: ImportFinishedCounts;
  /** Every feed batch, in the file's order. */
  windows: StoredWindow[];
}

/** How far it got, under line -1 (no file line is negative one), rewritten with each transaction. */
interface FinishProgress {
  /** The feed batch under way. */
  next: number;
  /** Whether its `customer.imported` entries are written (its updates under way). */
  recorded: boolean;
}

/**
 * Finishes an import saved behind the switch whose batches planned updates: the company held
 * throughout, stale plans refused before anything is written (409, nothing shown), then the
 * feed batches in transactions sized by time. `stopped` is honoured until the first write.
 */
export async function finishInChunks(
  ctx: Pick<AppContext, 'db' | 'caches' | 'benchOnlyChangeFeed'>,
  importId: number,
  facts: Omit<FinishFacts, 'windows'> & { windows: HeldWindow[] },
  step: () => Promise<void>,
): Promise<void> {
  const { companyId } = facts.author;
  await holdCompany(companyId, async () => {
    await refuseStalePlans(ctx.db, companyId, importId, facts.windows, step);
    const windows = facts.windows.map((w) => ({
      ...w,
      rows: toRuns(w.rows),
      organisations: toRuns(w.organisations),
    }));
    await finishStaged(ctx, importId, { ...facts, windows }, { next: 0, recorded: false }, false);
  });
}

/**
 * Finishes an import a dead process left part-way through its flip (the sweep on start). The
 * company is held from this call on, before anything is read, so a restarted server serves the
 * other companies while this one's reads wait. Answers false when the import was not finishing.
 */
export function resumeFinishing(
  ctx: Pick<AppContext, 'db' | 'caches' | 'benchOnlyChangeFeed'>,
  companyId: number,
  importId: number,
): Promise<boolean> {
  return holdCompany(companyId, async () => {
    const facts = await stagedRow<FinishFacts>(ctx.db, companyId, importId, FINISH_LINE);
    if (!facts) return false;
    const progress = (await stagedRow<FinishProgress>(ctx.db, companyId, importId, PROGRESS_LINE)) ?? {
      next: 0,
      recorded: false,
    };
    await finishStaged(ctx, importId, facts, progress, true);
    return true;
  });
}

/** Feed batches without updates recorded together: each costs about what this many updates do. */
const WINDOW_COST = 10;
const PROGRESS_LINE = -1;

async function finishStaged(
  ctx: Pick<AppContext, 'db' | 'caches' | 'benchOnlyChangeFeed'>,
  importId: number,
  facts: FinishFacts,
  progress: FinishProgress,
  stored: boolean,
): Promise<void> {
  const { companyId } = facts.author;
  const chunks = new SwitchChunks();
  for (let done = false; !done; ) {
    // Other requests run their queries (other companies' writes among them) between transactions.
    await nextTurn();
    const budget = chunks.size();
    const started = performance.now();
    let spent = 0;
    done = await writeCustomers(ctx, facts.author, async (writes, trx) => {
      for (let window = facts.windows[progress.next]; window && spent < budget; ) {
        if (!progress.recorded) {
          await writes.recordImported(fromRuns(window.rows));
          await writes.recordImported(fromRuns(window.organisations));
          progress.recorded = true;
          spent += WINDOW_COST;
        }
        const left =
          window.updates && (await applyPlanned(trx, writes, importId, window.updates, budget - spent));
        if (left) {
          spent += left.applied;
          if (!left.finished) break;
        }
        progress.next++;
        progress.recorded = false;
        window = facts.windows[progress.next];
      }
      if (progress.next < facts.windows.length) {
        // Written with the first transaction's work: an import that fails in it is dropped whole.
        if (!stored) await stageRow(trx, companyId, importId, FINISH_LINE, facts);
        stored = true;
        await stageRow(trx, companyId, importId, PROGRESS_LINE, progress);
        await touchImport(trx, companyId, importId);
        return false;
      }
      await writes.countImported(facts.counts);
      await touchImport(trx, companyId, importId, 'applied');
      await writes.importFinished(facts.finished);
      await trx
        .deleteFrom('csv_import_rows')
        .where('import_id', '=', importId)
        .where('company_id', '=', companyId)
        .where('line', 'in', [FINISH_LINE, PROGRESS_LINE])
        .execute();
      return true;
    });
    chunks.observe(Math.max(spent, 1), performance.now() - started);
  }
}

/**
 * Up to `limit` of a window's planned updates applied, in the file's order, and their staged rows
 * deleted (what is left starts after them). Answers how many, and whether the window is done.
 */
async function applyPlanned(
  trx: Database,
  writes: CustomerWrites,
  importId: number,
  lines: { from: number; to: number },
  limit: number,
): Promise<{ applied: number; finished: boolean }> {
  const { companyId } = writes.author;
  const want = Math.max(1, limit);
  const rows = await plannedRows<PlannedUpdate>(trx, companyId, importId, lines.from, lines.to, want);
  const last = rows.at(-1);
  if (!last) return { applied: 0, finished: true };
  await updateBatch(
    writes,
    rows.map((r) => r.row),
  );
  await trx
    .deleteFrom('csv_import_rows')
    .where('import_id', '=', importId)
    .where('company_id', '=', companyId)
    .where('line', '>=', last.line)
    .where('line', '<=', -lines.from)
    .execute();
  return { applied: rows.length, finished: rows.length < want || last.line === -lines.to };
}

/** One staged row of the finishing, written or rewritten (insert or update). */
async function stageRow(trx: Database, companyId: number, importId: number, line: number, value: unknown) {
  const row = JSON.stringify(value);
  await trx
    .insertInto('csv_import_rows')
    .values({ import_id: importId, company_id: companyId, line, row })
    .onConflict((oc) => oc.columns(['import_id', 'line']).doUpdateSet({ row }))
    .execute();
}

/** Planned lines checked per statement: each read is short, so other writers get in between. */
const CHECK_LINES = 5_000;

/**
 * 409 `stale_update` when a customer an update was planned for has changed (or gone) since its
 * batch read it. Run under the hold, so nothing changes them after. A customer planned twice is
 * planned at its version, then the next: only a change by someone else makes a plan's version
 * lower than the row's.
 */
async function refuseStalePlans(
  db: Database,
  companyId: number,
  importId: number,
  windows: readonly HeldWindow[],
  step: () => Promise<void>,
): Promise<void> {
  const planned = windows.flatMap((w) => (w.updates ? [w.updates] : []));
  const [first, last] = [planned[0], planned.at(-1)];
  if (!first || !last) return;
  for (let line = -last.to; line <= -first.from; line += CHECK_LINES) {
    await step();
    const { rows } = await sql<{ found: number }>`
      select 1 as found from csv_import_rows r
      left join customers c on c.id = json_extract(r.row, '$.id') and c.company_id = ${companyId}
      where r.import_id = ${importId} and r.company_id = ${companyId}
        and r.line >= ${line} and r.line < ${Math.min(line + CHECK_LINES, -first.from + 1)}
        and (c.id is null or c.version > json_extract(r.row, '$.version'))
      limit 1`.execute(db);
    if (rows.length) throw stale();
  }
}

/** Ascending ids as runs: [first, count, first, count, …]. */
export function toRuns(ids: readonly number[]): number[] {
  const runs: number[] = [];
  for (const id of ids) {
    const [first, count] = [runs.at(-2), runs.at(-1)];
    if (first !== undefined && count !== undefined && first + count === id) runs[runs.length - 1] = count + 1;
    else runs.push(id, 1);
  }
  return runs;
}

export function fromRuns(runs: readonly number[]): number[] {
  const ids: number[] = [];
  for (let i = 0; i < runs.length; i += 2) {
    const [first = 0, count = 0] = [runs[i], runs[i + 1]];
    for (let k = 0; k < count; k++) ids.push(first + k);
  }
  return ids;
}
