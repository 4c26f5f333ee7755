import type { OwnFieldTarget } from '@kontora/contract/csv-import';
import type {
  CustomerImportQuery,
  CustomerImportResult,
  ImportField,
} from '@kontora/contract/customer-import';
import { CUSTOMER_LIMITS, CustomerCreateBody, customerProblems } from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/database.ts';
import { type Actor, authorIdOf } from '../../../lib/actor.ts';
import { type CsvRecord, parseCsv } from '../../../lib/csv.ts';
import { readHeader, resolveMapping } from '../../../lib/csv-import/csv-mapping.ts';
import {
  addIssues,
  emptyFile,
  isBlankRecord,
  rejectRow,
  rowCells,
} from '../../../lib/csv-import/csv-rows.ts';
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
  multiLineTargets,
  type OwnImportFields,
  ownImportFields,
  ownMappingTargets,
  readOwnCells,
} from '../../custom-fields/custom-fields.service.ts';
import { memberIdsByEmail } from '../../members/members.service.ts';
import type { DerivedColumns } from '../customer-derived-columns.ts';
import { completeCustomer, type EditableCustomer } from '../customer-dto.ts';
import {
  type CustomerWrites,
  heldWindows,
  type ImportMarker,
  importMarker,
  writeCustomers,
} from '../customer-writes.ts';
import { finishInChunks, type PlannedUpdate, updateBatch } from './customer-import-finish.ts';
import { CUSTOMER_HEADERS } from './customer-import-headers.ts';
import { organisationsByName } from './customer-import-links.ts';
import { ImportMatcher, type ImportRow, type RowDecision } from './customer-import-match.ts';
import { readCreateBody } from './customer-import-row-check.ts';
import { packStaged, unpackStaged } from './customer-import-staged-row.ts';
import { DerivedColumnsThread } from './derived-columns-thread.ts';

/**
 * Rows matched and saved per batch: large enough to be fast, small enough for the databases'
 * parameter limits; one feed batch (subscribers get one change per batch). Behind the switch
 * (SQLite) a batch commits in chunks sized by time (lib/csv-import/switch-chunks.ts).
 */
const BATCH = 500;

/** A column's target: a customer field or one of the company's own (`custom.{key}`). */
type Target = ImportField | OwnFieldTarget;

/** Fields whose text may span lines; in the others a line break inside a quoted cell becomes a space. */
const MULTI_LINE_FIELDS: readonly Target[] = ['address', 'notes'];

const ENUM_ALIASES = new Map([
  ['organization', 'organisation'],
  ['company', 'organisation'],
]);

type RowOutcome =
  | {
      ok: true;
      customer: EditableCustomer;
      present: string[];
      organisations: string[];
      custom: Record<string, unknown>;
    }
  | { ok: false; reasons: Record<string, string[]> };

/**
 * One record → a valid customer with its own-field values, or the reasons it is refused
 * (field or `custom.{key}` → codes).
 */
export function readRow(
  record: CsvRecord,
  columns: (Target | null)[],
  members: Map<string, number>,
  own: OwnImportFields,
  multiLine: ReadonlySet<Target> = new Set(MULTI_LINE_FIELDS),
): RowOutcome {
  const input: Record<string, unknown> = {};
  const reasons: Record<string, string[]> = {};
  const ownCells = new Map<string, string>();
  let organisations: string[] = [];
  // Every reason is reported, not just the first, so one pass over the file fixes it.
  for (const [field, value] of rowCells(record, columns, multiLine, reasons)) {
    if (field.startsWith('custom.')) ownCells.set(field.slice('custom.'.length), value);
    else if (field === 'tags') input.tags = value.split(/[,;|]/);
    else if (field === 'organisations') organisations = organisationNames(value, reasons);
    else if (field === 'type' || field === 'status') {
      const v = value.toLowerCase();
      input[field] = ENUM_ALIASES.get(v) ?? v;
    } else if (field === 'owner_email') {
      const owner = members.get(value.toLowerCase());
      if (owner === undefined) reasons.owner_email = ['not_member'];
      else input.owner_id = owner;
    } else input[field] = value;
  }
  // The schema's reading in plain code where it would accept the row; the schema itself otherwise.
  const plain = readCreateBody(input);
  const parsed = plain ? { success: true as const, data: plain } : CustomerCreateBody.safeParse(input);
  if (!parsed.success) {
    addIssues(reasons, parsed.error.issues);
    // zod skips the whole-customer checks (name, OIB) once a field fails: run them on the raw cells too.
    for (const [field, codes] of Object.entries(
      customerProblems(input as Parameters<typeof customerProblems>[0]),
    )) {
      reasons[field] ??= codes;
    }
  }
  if (parsed.success && parsed.data.type !== 'person' && organisations.length) {
    reasons.organisations = ['person_only'];
  }
  const custom = readOwnCells(own, ownCells, reasons);
  if (Object.keys(reasons).length || !parsed.success) return { ok: false, reasons };
  const customer = completeCustomer(parsed.data);
  // A person's free-text organisation is one of their organisations too (docs/product.md §6).
  if (customer.type === 'person' && customer.organisation_name) {
    organisations = [...new Set([...organisations, customer.organisation_name])];
  }
  return { ok: true, customer, present: Object.keys(input), organisations, custom };
}

/** The names of an `organisations` cell (`;` between them), or reasons they are refused. */
function organisationNames(value: string, reasons: Record<string, string[]>): string[] {
  const names = [
    ...new Set(
      value
        .split(';')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  if (names.some((n) => n.length > CUSTOMER_LIMITS.nameMax)) reasons.organisations = ['too_long'];
  else if (names.length > CUSTOMER_LIMITS.organisationsMax) reasons.organisations = ['too_many'];
  return names;
}

/**
 * Staged (docs/decisions/068-staged-imports.md): the file is read as it arrives, each record
 * checked and the valid ones written to the staging area in batches, so memory stays flat
 * whatever the size; refused rows are counted and the first ones kept for the report. Then the
 * staged rows are matched and counted (a dry run stops there) or saved in one transaction:
 * a failure, a Stop or a crash part-way saves nothing, and the staged rows are dropped however
 * the import ends (on the next start when the process died). A dry run makes the same decisions
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
    await stageFile(ctx.db, companyId, importId, file, query, members, own, report, stopped, progress);
    if (query.dry_run) {
      progress.phase('checking');
      const matcher = new ImportMatcher(ctx.db, companyId, query, own.fields);
      const step = () => {
        if (stopped()) throw importStopped();
        progress.tick();
      };
      await decideStaged(ctx.db, companyId, importId, matcher, null, report, step, (work) =>
        work(ctx.db, null),
      );
      return;
    }
    progress.phase('saving');
    const author = authorOfActor(actor);
    const saving = { companyId, importId, query, own, report, stopped, progress };
    if (ctx.dialect === 'postgres') await saveInOneTransaction(ctx, author, saving);
    else await saveBehindSwitch(ctx, author, saving);
  });
  // Told once the saving has committed: the counts are the answer's.
  progress.finish();
  return report;
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
async function saveInOneTransaction(ctx: AppContext, author: RecordAuthor, s: Saving): Promise<void> {
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
    await withDerivedColumnsThread(report, (thread) =>
      decideStaged(
        trx,
        companyId,
        importId,
        matcher,
        saveBatch(matcher),
        report,
        step,
        (work) => work(trx, writes),
        { thread },
      ),
    );
    await writes.importFinished(finishedCounts(report));
  });
}

/**
 * Runs `work` with a thread making derived columns ahead when the file has more than one batch
 * (a thread takes tens of milliseconds to start: a smaller file makes them on the writer's).
 */
async function withDerivedColumnsThread(
  report: CustomerImportResult,
  work: (thread: DerivedColumnsThread | undefined) => Promise<void>,
): Promise<void> {
  const thread = report.rows > BATCH ? new DerivedColumnsThread() : undefined;
  try {
    await work(thread);
  } finally {
    await thread?.close();
  }
}

/**
 * SQLite (docs/decisions/098-import-behind-a-switch.md): its one writer is not held for the whole
 * save. Each batch commits on its own, its new customers (and what hangs from them) marked with
 * the import, which every read leaves out while the import is `applying`; the updates of matched
 * customers are staged as planned. Without updates the flip is one short transaction: the
 * import `applied` (its rows shown and counted), the held feed entries in the batches' order,
 * then `import_finished`. With updates it runs in chunks while the company is held
 * (customer-import-finish.ts, docs/decisions/115-import-finishes-in-chunks-behind-a-hold.md).
 * Subscribers get what one transaction would have written. A failure, a Stop or a kill before
 * the flip leaves only hidden rows, deleted when the import is dropped (at once, or by the sweep
 * of a dead process's imports); a kill during a chunked flip is finished on the next start.
 */
async function saveBehindSwitch(ctx: AppContext, author: RecordAuthor, s: Saving): Promise<void> {
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
  await withDerivedColumnsThread(report, (thread) =>
    decideStaged(
      ctx.db,
      companyId,
      importId,
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
      { chunks: new SwitchChunks(), thread },
    ),
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
/** `window`: the place of the staged batch (of `BATCH` rows) the rows come from. */
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

/** The column of a file's header that holds customer ids (`id`, as an export writes it), if any. */
function idColumnOf(header: string[], applied: Record<string, unknown>): number {
  return header.findIndex((h) => h.trim().toLowerCase() === 'id' && !applied[h]);
}

/**
 * Reads the file as it arrives: the header's mapping, each record checked, the valid rows
 * staged a batch at a time (the next batch is read while the previous one is written), the
 * refused ones counted and reported in `report`.
 */
async function stageFile(
  db: Database,
  companyId: number,
  importId: number,
  file: AsyncIterable<Uint8Array>,
  query: CustomerImportQuery,
  members: Map<string, number>,
  own: OwnImportFields,
  report: CustomerImportResult,
  stopped: () => boolean,
  progress: ImportProgressReporter,
): Promise<void> {
  const delimiter = query.delimiter === 'tab' ? '\t' : query.delimiter;
  const records = parseCsv(file, { delimiter, maxField: CUSTOMER_LIMITS.notesMax + 1 });
  let columns: (Target | null)[] | undefined;
  const multiLine = new Set<Target>([...MULTI_LINE_FIELDS, ...multiLineTargets(own.fields)]);
  let idColumn = -1;
  const staging = stagingWriter<ReturnType<typeof packStaged>>(db, companyId, importId, stopped);
  try {
    for await (const record of records) {
      if (!columns) {
        const header = readHeader(record.fields);
        const mapping = resolveMapping<Target>(
          header,
          query.mapping,
          CUSTOMER_HEADERS,
          ownMappingTargets(own.fields),
        );
        columns = mapping.columns;
        report.mapping = mapping.applied;
        idColumn = query.match_by.includes('id') ? idColumnOf(header, mapping.applied) : -1;
        continue;
      }
      // A row of empty cells (a spreadsheet's blank line, `;;;;`) is a blank line, not a refused row.
      if (isBlankRecord(record)) continue;
      report.rows++;
      progress.tick();
      const outcome = readRow(record, columns, members, own, multiLine);
      if (!outcome.ok) {
        rejectRow(report, CUSTOMER_LIMITS.importReportMax, record.line, outcome.reasons);
        continue;
      }
      const idCell = idColumn < 0 ? '' : (record.fields[idColumn]?.trim() ?? '');
      const id = /^\d{1,9}$/.test(idCell) ? Number(idCell) : null;
      const { customer, present, organisations, custom } = outcome;
      await staging.add(record.line, packStaged({ customer, present, id, organisations, custom }));
    }
    if (!columns) throw emptyFile();
    await staging.finish();
  } catch (err) {
    // Nothing is left writing when the staging is dropped; the first failure is the one reported.
    await staging.abandon();
    throw err;
  }
}

/**
 * Matches the staged rows batch by batch in line order (create, skip, update or refuse) and
 * hands each batch's creates and updates to `save` (null: a dry run, which only counts);
 * with `chunks`, each batch in chunks of the size it gives, each through `inBatch` of its own.
 * With `thread`, the next batch is read ahead and the thread makes its rows' derived columns
 * while this batch is saved: the one writer's thread no longer makes them.
 */
async function decideStaged(
  db: Database,
  companyId: number,
  importId: number,
  matcher: ImportMatcher,
  save: SaveBatch,
  report: CustomerImportResult,
  step: () => void | Promise<void>,
  inBatch: InBatch,
  { chunks, thread }: { chunks?: SwitchChunks; thread?: DerivedColumnsThread | undefined } = {},
): Promise<void> {
  let window = 0;
  const batches = stagedBatches<ReturnType<typeof packStaged>>(db, companyId, importId, BATCH)[
    Symbol.asyncIterator
  ]();
  const read = async () => {
    const next = await batches.next();
    if (next.done) return undefined;
    const rows: ImportRow[] = next.value.map((s) => ({ ...unpackStaged(s.row), line: s.line }));
    return { rows, derived: thread?.derive(rows.map((r) => r.customer)) };
  };
  let next = await read();
  while (next) {
    const { rows, derived } = next;
    // Read before this batch is saved, so the thread makes the next batch's columns meanwhile.
    next = await read();
    const columns = await derived;
    if (columns) for (const [i, row] of rows.entries()) row.derived = columns[i];
    const inWindow = window++;
    const decide = (chunk: ImportRow[]) =>
      inBatch((trx, writes) => decideBatch(trx, writes, chunk, matcher, save, report, inWindow));
    if (chunks) await chunks.each(rows, decide, step);
    else {
      await step();
      await decide(rows);
    }
  }
  report.matched = matcher.matched;
  // Rows refused by an update's checks come after the file's: the list is put in line order.
  report.errors.sort((a, b) => a.line - b.line);
}

/** One batch of staged rows matched (over `db`) and, in a real run, saved through `writes`. */
async function decideBatch(
  db: Database,
  writes: CustomerWrites | null,
  rows: ImportRow[],
  matcher: ImportMatcher,
  save: SaveBatch,
  report: CustomerImportResult,
  window: number,
): Promise<void> {
  await matcher.prepare(rows, db);
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
  if (save && writes) await save(writes, creates, updates, window);
  // Counted once written: the live progress tells it as saved.
  report.imported += creates.length + updates.length;
}
