import type { CustomerImportQuery, CustomerImportResult } from '@kontora/contract/customer-import';
import { CUSTOMER_LIMITS } from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/database.ts';
import { type Actor, authorIdOf } from '../../../lib/actor.ts';
import { emptyFile, rejectRow } from '../../../lib/csv-import/csv-rows.ts';
import { type ImportProgressReporter, importProgress } from '../../../lib/csv-import/import-progress.ts';
import { stagedBatches, stageRows, touchImport } from '../../../lib/csv-import/import-staging.ts';
import { importStatistics } from '../../../lib/csv-import/import-statistics.ts';
import {
  importStopped,
  savingStep,
  stagingWriter,
  withStaging,
} from '../../../lib/csv-import/staged-import.ts';
import { SwitchChunks } from '../../../lib/csv-import/switch-chunks.ts';
import { nextTurn } from '../../../lib/next-turn.ts';
import { authorOfActor, type RecordAuthor } from '../../../lib/record-author.ts';
import {
  type CustomPlan,
  type OwnImportFields,
  ownImportFields,
} from '../../custom-fields/custom-fields.service.ts';
import { memberIdsByEmail } from '../../members/members.service.ts';
import type { DerivedColumns } from '../customer-derived-columns.ts';
import type { EditableCustomer } from '../customer-dto.ts';
import {
  type CustomerWrites,
  heldWindows,
  type ImportMarker,
  importMarker,
  writeCustomers,
} from '../customer-writes.ts';
import type { CheckedBatch } from './customer-import-check.ts';
import { checkedBatches } from './customer-import-check-thread.ts';
import { finishInChunks, type PlannedUpdate, updateBatch } from './customer-import-finish.ts';
import { organisationsByName } from './customer-import-links.ts';
import { ImportMatcher, type ImportRow, type RowDecision } from './customer-import-match.ts';
import { type PackedRow, unpackStaged } from './customer-import-staged-row.ts';
import { DerivedColumnsThread } from './derived-columns-thread.ts';

/**
 * Staged rows matched and saved per batch on PostgreSQL, as many as the check's batches (CHECK_BATCH
 * records, customer-import-check.ts), so a file makes the same feed batches on both engines
 * (subscribers get one change per batch). SQLite's batches are the check's, each committed in
 * chunks sized by time behind the switch (lib/csv-import/switch-chunks.ts).
 */
const BATCH = 1000;

/**
 * Staged (docs/decisions/068-staged-imports.md): the file is read as it arrives and each record
 * checked, a large file on a thread of its own (customer-import-check-thread.ts), so memory stays
 * flat whatever the size; refused rows are counted and the first ones kept for the report. The
 * valid rows are matched (create, skip, update) and counted (a dry run stops there) or saved:
 * - PostgreSQL stages them first and saves them in one transaction, opened once the whole file
 *   is in, so a slow upload holds no transaction;
 * - SQLite saves them behind its switch as they are checked: its hidden rows are the staging
 *   area (docs/decisions/122-import-checked-beside-the-save.md).
 * A failure, a Stop or a crash part-way saves nothing, and what was staged is dropped however the
 * import ends (on the next start when the process died). A dry run makes the same decisions
 * (customer-import-match.ts) and only leaves out the writes.
 */
export async function importCustomers(
  ctx: AppContext,
  actor: Actor,
  file: AsyncIterable<Uint8Array>,
  query: CustomerImportQuery,
  stopped: () => boolean = () => false,
): Promise<CustomerImportResult> {
  const { companyId } = actor;
  const members = await memberIdsByEmail(ctx.db, companyId);
  const own = await ownImportFields(ctx.db, companyId, 'customer', members);
  const report = emptyReport(query);
  const progress = importProgress(
    ctx.importProgress.notify,
    { companyId, userId: authorIdOf(actor) },
    { kind: 'customers', dryRun: query.dry_run, key: query.progress_key },
    () => ({
      read: report.rows,
      valid: report.created + report.updated + report.skipped,
      invalid: report.rejected,
      saved: query.dry_run ? 0 : report.imported,
    }),
  );
  progress.phase('reading');
  await withStaging(ctx.db, companyId, 'customers', async (importId) => {
    // SQLite's rows go from the check to the writer: the check makes their derived columns too.
    const checked = checkedBatches(file, { query, members, own, derive: ctx.dialect === 'sqlite' });
    const saving: Saving = { companyId, importId, query, own, report, stopped, progress };
    const readAll = () => progress.phase(query.dry_run ? 'checking' : 'saving');
    if (ctx.dialect === 'postgres') {
      await stageFile(ctx.db, companyId, importId, checked, saving);
      readAll();
      const staged = (db: Database) => stagedImportRows(db, companyId, importId);
      if (query.dry_run) await checkOnly(ctx.db, saving, staged(ctx.db));
      else await saveInOneTransaction(ctx, authorOfActor(actor), saving, staged);
      return;
    }
    const rows = rowsAsChecked(checked, saving, readAll);
    if (query.dry_run) await checkOnly(ctx.db, saving, rows);
    else await saveBehindSwitch(ctx, authorOfActor(actor), saving, rows);
  });
  // Told once the saving has committed: the counts are the answer's.
  progress.finish();
  return report;
}

/** A dry run: the rows matched and counted, nothing written. */
async function checkOnly(db: Database, s: Saving, rows: AsyncIterable<ImportRow[]>): Promise<void> {
  const matcher = new ImportMatcher(db, s.companyId, s.query, s.own.fields);
  const step = () => {
    if (s.stopped()) throw importStopped();
    s.progress.tick();
  };
  await decideRows(rows, matcher, null, s.report, step, (work) => work(db, null));
}

/** What saving an import's staged rows works with. */
interface Saving {
  companyId: number;
  importId: number;
  query: CustomerImportQuery;
  own: OwnImportFields;
  report: CustomerImportResult;
  stopped: () => boolean;
  progress: ImportProgressReporter;
}

const finishedCounts = ({ rows, created, updated, skipped, rejected }: CustomerImportResult) => ({
  rows,
  created,
  updated,
  skipped,
  rejected,
});

/**
 * PostgreSQL: one transaction for the whole save. It locks only the importing company's rows and
 * counters, so other companies write meanwhile, and nobody sees its rows before it commits.
 */
async function saveInOneTransaction(
  ctx: AppContext,
  author: RecordAuthor,
  s: Saving,
  staged: (db: Database) => AsyncIterable<ImportRow[]>,
): Promise<void> {
  const { companyId, importId, report } = s;
  await touchImport(ctx.db, companyId, importId, 'applying');
  await writeCustomers(ctx, author, async (writes, trx) => {
    const matcher = new ImportMatcher(trx, companyId, s.query, s.own.fields);
    const saving = savingStep(ctx.db, trx, companyId, importId, s.stopped, s.progress.tick);
    // What each batch looks up by company and ids or keys (matches, tags replaced, search words).
    const statistics = importStatistics(trx, {
      customers: ['company_id', 'id', 'email', 'oib', 'phone_key', 'name_key', 'town_key'],
      customer_tags: ['company_id', 'customer_id'],
    });
    const step = async () => {
      await saving();
      await statistics(report.imported);
    };
    // Staged rows are committed: read, like the lookups, over another connection.
    await decideRows(staged(ctx.db), matcher, saveBatch(matcher), report, step, (work) => work(trx, writes), {
      ahead: ctx.db,
    });
    await writes.importFinished(finishedCounts(report));
  });
}

/**
 * SQLite (docs/decisions/098-import-behind-a-switch.md): its one writer is not held for the whole
 * save. Each batch commits on its own as the file's check hands it over (decision 122; the file
 * may still be arriving), its new customers (and what hangs from them) marked with
 * the import, which every read leaves out while the import is `applying`; the updates of matched
 * customers are staged as planned. Without updates the flip is one short transaction: the
 * import `applied` (its rows shown and counted), the held feed entries in the batches' order,
 * then `import_finished`. With updates it runs in chunks while the company is held
 * (customer-import-finish.ts, docs/decisions/115-import-finishes-in-chunks-behind-a-hold.md).
 * Subscribers get what one transaction would have written. A failure, a Stop or a kill before
 * the flip leaves only hidden rows, deleted when the import is dropped (at once, or by the sweep
 * of a dead process's imports); a kill during a chunked flip is finished on the next start.
 */
async function saveBehindSwitch(
  ctx: AppContext,
  author: RecordAuthor,
  s: Saving,
  rows: AsyncIterable<ImportRow[]>,
): Promise<void> {
  const { companyId, importId, report } = s;
  const marker = importMarker(importId);
  const matcher = new ImportMatcher(ctx.db, companyId, s.query, s.own.fields);
  const step = async () => {
    // The connection is given up between batches: requests already received run their queries
    // (each waits for one batch at most) before the next batch takes the one writer again.
    await nextTurn();
    if (s.stopped()) throw importStopped();
    s.progress.tick();
  };
  // Hidden from every read from here on: no marked row is committed before this.
  await touchImport(ctx.db, companyId, importId, 'applying');
  await decideRows(
    rows,
    matcher,
    saveMarkedBatch(matcher, marker),
    report,
    step,
    (work) =>
      writeCustomers(
        ctx,
        author,
        async (writes, trx) => {
          await touchImport(trx, companyId, importId);
          await work(trx, writes);
        },
        marker,
      ),
    { chunks: new SwitchChunks() },
  );
  await step();
  const windows = heldWindows(marker);
  if (windows.some((w) => w.updates)) {
    // Updates of existing customers take long to apply: in chunks, the company held meanwhile.
    const counts = [...marker.counts];
    await finishInChunks(ctx, importId, { author, counts, finished: finishedCounts(report), windows }, step);
    return;
  }
  await writeCustomers(ctx, author, async (writes, trx) => {
    await touchImport(trx, companyId, importId, 'applied');
    await writes.importApplied(marker);
    await writes.importFinished(finishedCounts(report));
  });
}

function emptyReport(query: CustomerImportQuery): CustomerImportResult {
  return {
    dry_run: query.dry_run,
    rows: 0,
    imported: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    matched: null,
    rejected: 0,
    errors: [],
    errors_truncated: false,
    mapping: {},
  };
}

type Update = Extract<RowDecision, { kind: 'update' }> & { line: number };
type Named<T> = T & { organisations: string[] };
type Create = Named<{ customer: EditableCustomer; custom: CustomPlan; derived?: DerivedColumns | undefined }>;
/** `window`: the place of the batch the rows come from. */
type SaveBatch =
  | ((writes: CustomerWrites, creates: Create[], updates: Named<Update>[], window: number) => Promise<void>)
  | null;
/** One batch's matching and writes, over the saving transaction or a short one of its own (`writes` null: a dry run). */
type InBatch = (work: (db: Database, writes: CustomerWrites | null) => Promise<void>) => Promise<void>;

/**
 * The real run's writes of one batch: new customers (one change per batch), the organisations
 * their rows name, then updates (which join the organisations they name, keeping the others).
 */
function saveBatch(matcher: ImportMatcher): SaveBatch {
  return async (writes, creates, updates) => {
    const organisations = await createBatch(writes, matcher, creates, updates);
    await updateBatch(
      writes,
      updates.map((u) => planned(u, organisations)),
    );
  };
}

/**
 * A batch saved behind the switch: its new customers and organisations marked, its updates staged
 * under their negated lines for the flip, which applies them at this batch's place.
 */
function saveMarkedBatch(matcher: ImportMatcher, marker: ImportMarker): SaveBatch {
  return async (writes, creates, updates, window) => {
    // A staged batch's chunks make one feed batch, as the batch does in a single transaction.
    marker.window = window;
    const organisations = await createBatch(writes, matcher, creates, updates);
    const [first, last] = [updates[0], updates.at(-1)];
    if (!first || !last) return;
    const { companyId } = writes.author;
    const rows = updates.map((u) => ({ line: -u.line, row: planned(u, organisations) }));
    await stageRows(writes.db, companyId, marker.importId, rows);
    marker.held.push({ window: marker.window, kind: 'updates', from: first.line, to: last.line });
  };
}

function planned(u: Named<Update>, organisations: Map<string, number>): PlannedUpdate {
  const { id, version, before, after, custom } = u;
  return {
    id,
    version,
    before,
    after,
    custom,
    joining: u.organisations.map((n) => organisations.get(n) ?? 0),
  };
}

/** A batch's new customers, with the organisations its rows name (made when missing): answers name → id. */
async function createBatch(
  writes: CustomerWrites,
  matcher: ImportMatcher,
  creates: Create[],
  updates: Named<Update>[],
): Promise<Map<string, number>> {
  const ids = await writes.importMany(
    creates.map((c) => c.customer),
    creates.map((c) => c.custom),
    'rows',
    creates.map((c) => c.derived),
  );
  matcher.noteCreated(ids);
  const names = [...creates, ...updates].flatMap((r) => r.organisations);
  const organisations = await organisationsByName(writes, names);
  await writes.joinImported(
    creates.map((c, i) => ({
      person_id: ids[i] ?? 0,
      organisation_ids: c.organisations.map((n) => organisations.get(n) ?? 0),
    })),
  );
  return organisations;
}

/** A batch of checked records taken into the report: its mapping, rows read and refused. */
function takeChecked(report: CustomerImportResult, batch: CheckedBatch): void {
  if (batch.mapping) report.mapping = batch.mapping;
  report.rows += batch.read;
  for (const { line, reasons } of batch.refused)
    rejectRow(report, CUSTOMER_LIMITS.importReportMax, line, reasons);
}

const importRow = ({ line, row, derived }: CheckedBatch['rows'][number]): ImportRow => ({
  ...unpackStaged(row),
  line,
  derived,
});

/**
 * The checked rows as they come (SQLite: decided and saved as they are checked); `readAll` is
 * called once the whole file is read. A file without a header is refused as empty.
 */
async function* rowsAsChecked(
  checked: AsyncIterable<CheckedBatch>,
  { report, stopped, progress }: Saving,
  readAll: () => void,
): AsyncGenerator<ImportRow[]> {
  let header = false;
  for await (const batch of checked) {
    if (stopped()) throw importStopped();
    header = true;
    takeChecked(report, batch);
    progress.tick();
    if (batch.rows.length) yield batch.rows.map(importRow);
  }
  if (!header) throw emptyFile();
  readAll();
}

/**
 * PostgreSQL: the checked rows written to the staging area a batch at a time as they come (the
 * next batch is checked while the previous one is written), the refused ones counted and reported.
 */
async function stageFile(
  db: Database,
  companyId: number,
  importId: number,
  checked: AsyncIterable<CheckedBatch>,
  { report, stopped, progress }: Saving,
): Promise<void> {
  let header = false;
  const staging = stagingWriter<PackedRow>(db, companyId, importId, stopped);
  try {
    for await (const batch of checked) {
      header = true;
      takeChecked(report, batch);
      progress.tick();
      for (const { line, row } of batch.rows) await staging.add(line, row);
    }
    if (!header) throw emptyFile();
    await staging.finish();
  } catch (err) {
    // Nothing is left writing when the staging is dropped; the first failure is the one reported.
    await staging.abandon();
    throw err;
  }
}

/** The staged rows in line order, BATCH at a time. */
async function* stagedImportRows(
  db: Database,
  companyId: number,
  importId: number,
): AsyncGenerator<ImportRow[]> {
  for await (const batch of stagedBatches<PackedRow>(db, companyId, importId, BATCH))
    yield batch.map(importRow);
}

/**
 * Matches the rows batch by batch in line order (create, skip, update or refuse) and hands each
 * batch's creates and updates to `save` (null: a dry run, which only counts); with `chunks`, each
 * batch in chunks of the size it gives, each through `inBatch` of its own.
 *
 * With `ahead` (PostgreSQL's one saving transaction), each batch is looked up and decided over
 * that handle, outside the transaction, as soon as the batch before it is decided: its reading,
 * lookups and decisions run while the batch before is written, on another connection. Lookups
 * outside the transaction see the company as it was before the import, as the dry run's do; what
 * the import changed is known from memory (customer-import-match.ts). From the second batch on, a
 * thread makes the rows' derived columns meanwhile: the writer's thread no longer makes them (a
 * thread takes tens of milliseconds to start, so a file of one batch does without).
 */
async function decideRows(
  batches: AsyncIterable<ImportRow[]>,
  matcher: ImportMatcher,
  save: SaveBatch,
  report: CustomerImportResult,
  step: () => void | Promise<void>,
  inBatch: InBatch,
  { chunks, ahead }: { chunks?: SwitchChunks; ahead?: Database } = {},
): Promise<void> {
  let window = 0;
  let thread: DerivedColumnsThread | undefined;
  const source = batches[Symbol.asyncIterator]();
  try {
    if (ahead) {
      const decideNext = async (): Promise<Decided | undefined> => {
        const next = await source.next();
        if (next.done) return undefined;
        const rows = next.value;
        const inWindow = window++;
        if (inWindow > 0) thread ??= new DerivedColumnsThread();
        const columns = thread?.derive(rows.map((r) => r.customer));
        await matcher.prepare(rows, ahead);
        const made = await columns;
        if (made) for (const [i, row] of rows.entries()) row.derived = made[i];
        return { ...decideBatch(rows, matcher, report), window: inWindow };
      };
      let decided = decideNext();
      for (let batch = await decided; batch; batch = await decided) {
        const now = batch;
        decided = decideNext();
        // Its failure is taken by the next await; until then it must not count as unhandled.
        decided.catch(() => {});
        await step();
        await inBatch((_db, writes) => saveDecided(writes, save, report, now));
      }
    } else {
      for (let next = await source.next(); !next.done; next = await source.next()) {
        const rows = next.value;
        const inWindow = window++;
        const decide = (chunk: ImportRow[]) =>
          inBatch(async (db, writes) => {
            await matcher.prepare(chunk, db);
            const decided = { ...decideBatch(chunk, matcher, report), window: inWindow };
            await saveDecided(writes, save, report, decided);
          });
        if (chunks) await chunks.each(rows, decide, step);
        else {
          await step();
          await decide(rows);
        }
      }
    }
  } finally {
    await thread?.close();
    // A failure part-way stops the file's reading (and its check thread) too.
    await source.return?.();
  }
  report.matched = matcher.matched;
  // Rows refused by an update's checks come after the file's: the list is put in line order.
  report.errors.sort((a, b) => a.line - b.line);
}

/** A batch decided: what it creates and updates (its skips and refusals already counted), and its place. */
interface Decided {
  creates: Create[];
  updates: Named<Update>[];
  window: number;
}

/** One batch's rows decided, once the matcher has looked them up: the skips and refusals counted. */
function decideBatch(
  rows: ImportRow[],
  matcher: ImportMatcher,
  report: CustomerImportResult,
): Omit<Decided, 'window'> {
  const creates: Create[] = [];
  const updates: Named<Update>[] = [];
  for (const row of rows) {
    const decision = matcher.decide(row);
    if (decision.kind === 'create') creates.push({ ...row, custom: decision.custom });
    else if (decision.kind === 'update')
      updates.push({ ...decision, line: row.line, organisations: row.organisations });
    else if (decision.kind === 'skip') report.skipped++;
    else rejectRow(report, CUSTOMER_LIMITS.importReportMax, row.line, decision.reasons);
  }
  report.created += creates.length;
  report.updated += updates.length;
  return { creates, updates };
}

/** A decided batch saved through `writes` in a real run (`writes` null: a dry run saves nothing). */
async function saveDecided(
  writes: CustomerWrites | null,
  save: SaveBatch,
  report: CustomerImportResult,
  { creates, updates, window }: Decided,
): Promise<void> {
  if (save && writes) await save(writes, creates, updates, window);
  // Counted once written: the live progress tells it as saved.
  report.imported += creates.length + updates.length;
}
