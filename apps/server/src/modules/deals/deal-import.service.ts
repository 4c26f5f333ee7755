import type { OwnFieldTarget } from '@kontora/contract/csv-import';
import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import type { DealImportQuery, DealImportResult } from '@kontora/contract/deal-import';
import {
  DEAL_IMPORT_ALIASES,
  DEAL_IMPORT_FIELDS,
  type DealImportField,
} from '@kontora/contract/deal-import-values';
import { DEAL_LIMITS, DealCreateBody } from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { readAmount } from '../../lib/amount-text.ts';
import { parseCsv } from '../../lib/csv.ts';
import { headerLookup, readHeader, resolveMapping } from '../../lib/csv-import/csv-mapping.ts';
import { addIssues, emptyFile, isBlankRecord, rejectRow, rowCells } from '../../lib/csv-import/csv-rows.ts';
import { importProgress } from '../../lib/csv-import/import-progress.ts';
import { stagedBatches, touchImport } from '../../lib/csv-import/import-staging.ts';
import { savingStep, stagingWriter, withStaging } from '../../lib/csv-import/staged-import.ts';
import { authorOfActor } from '../../lib/record-author.ts';
import {
  checkValues,
  multiLineTargets,
  type OwnImportFields,
  ownImportFields,
  ownMappingTargets,
  readOwnCells,
} from '../custom-fields/custom-fields.service.ts';
import { memberIdsByEmail } from '../members/members.service.ts';
import { organisationIdsByName, personEntryKey, personIdsByEntry } from './deal-csv.repository.ts';
import { type DealInput, toCents } from './deal-dto.ts';
import { writeDeals } from './deal-writes.ts';
import { selectPipelines, selectStages } from './pipelines.repository.ts';

const HEADERS = headerLookup<DealImportField>(DEAL_IMPORT_FIELDS, DEAL_IMPORT_ALIASES);

/** A column's target: a deal field or one of the company's own (`custom.{key}`). */
type Target = DealImportField | OwnFieldTarget;

/** The create body's keys that an import field fills under another name. */
const FIELD_OF_KEY: Readonly<Record<string, DealImportField>> = {
  pipeline_id: 'pipeline',
  stage_id: 'stage',
  owner_id: 'owner_email',
  organisation_id: 'organisation',
  customer_ids: 'people',
};

/**
 * A people cell's entries: `;` separates people (the export writes `; `); entries that are
 * emails may also be separated by `,` (a name may hold a comma: "Horvat, Iva").
 */
export function peopleEntries(cell: string): string[] {
  return cell
    .split(';')
    .flatMap((part) => (part.includes('@') ? part.split(',') : [part]))
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

/** What every row is checked against: the company's pipelines and members, read once per import. */
interface Base {
  currency: string;
  members: ReadonlyMap<string, number>;
  /** Folded pipeline name → its id and its stages (folded name → id), first pipeline first. */
  pipelines: { id: number; name: string; stages: Map<string, number>; firstOpen: number | undefined }[];
  callerId: number | null;
  own: OwnImportFields;
}

/** With the organisations and people a batch of rows names, looked up for that batch. */
interface Lookups extends Base {
  organisations: Map<string, number[]>;
  /** People entry (an email folded, else a name) → the ids of the person customers it names. */
  people: Map<string, number[]>;
}

const fold = (name: string) => name.trim().toLocaleLowerCase();

async function baseLookups(ctx: AppContext, actor: Actor, own: OwnImportFields): Promise<Base> {
  const pipelines = await selectPipelines(ctx.db, actor.companyId);
  const stages = await selectStages(
    ctx.db,
    actor.companyId,
    pipelines.map((p) => p.id),
  );
  return {
    currency: own.currency,
    members: own.members,
    pipelines: pipelines.map((p) => {
      const own = stages.filter((s) => s.pipeline_id === p.id);
      return {
        id: p.id,
        name: fold(p.name),
        stages: new Map(own.map((s) => [fold(s.name), s.id])),
        firstOpen: own.find((s) => s.kind === 'open')?.id,
      };
    }),
    callerId: authorIdOf(actor),
    own,
  };
}

async function lookups(
  ctx: AppContext,
  companyId: number,
  base: Base,
  rows: readonly Pending[],
): Promise<Lookups> {
  const organisationNames = rows.flatMap((r) => r.cells.get('organisation') ?? []);
  const peopleCells = rows.flatMap((r) => r.cells.get('people') ?? []);
  return {
    ...base,
    organisations: await organisationIdsByName(ctx.db, companyId, [...new Set(organisationNames)]),
    people: await personIdsByEntry(ctx.db, companyId, peopleCells.flatMap(peopleEntries)),
  };
}

/** A people cell as customer ids, each entry naming exactly one person customer of the company. */
function readPeople(cell: string, known: Lookups): number[] | { reason: string } {
  const ids: number[] = [];
  for (const entry of peopleEntries(cell)) {
    const found = known.people.get(personEntryKey(entry)) ?? [];
    if (found.length !== 1) return { reason: found.length ? 'person_ambiguous' : 'person_not_found' };
    ids.push(found[0] as number);
  }
  return [...new Set(ids)];
}

/**
 * One row → a deal for the write door with its own-field values (checked as a new deal's:
 * defaults fill fields left out, required ones must be there), or the reasons it is refused
 * (import field or `custom.{key}` → codes).
 */
function readDealRow(
  cells: Map<Target, string>,
  reasons: Record<string, string[]>,
  known: Lookups,
): { deal: DealInput; custom: Record<string, unknown> } | null {
  const input: Record<string, unknown> = {};
  const ownCells = new Map<string, string>();
  for (const [target, value] of cells)
    if (target.startsWith('custom.')) ownCells.set(target.slice('custom.'.length), value);
  const custom = readOwnCells(known.own, ownCells, reasons);
  const own = checkValues(known.own.fields, 'deal', custom, null);
  for (const [path, codes] of Object.entries(own.problems)) reasons[path] ??= codes;
  const pipelineName = cells.get('pipeline');
  const pipeline = pipelineName
    ? known.pipelines.find((p) => p.name === fold(pipelineName))
    : known.pipelines[0];
  if (!pipeline) reasons.pipeline = ['not_found'];
  else {
    input.pipeline_id = pipeline.id;
    const stageName = cells.get('stage');
    const stage = stageName ? pipeline.stages.get(fold(stageName)) : pipeline.firstOpen;
    if (stage === undefined) reasons.stage = ['not_in_pipeline'];
    else input.stage_id = stage;
  }
  for (const [field, value] of cells) {
    if (field === 'title' || field === 'notes' || field === 'lost_reason' || field === 'expected_close_date')
      input[field] = value;
    else if (field === 'tags') input.tags = value.split(/[,;|]/);
    else if (field === 'amount') {
      const amount = readAmount(value, known.currency);
      if (typeof amount === 'number') input.amount = amount;
      else reasons.amount = [amount.reason];
    } else if (field === 'probability') {
      const n = Number(value.replace(/\s*%$/, ''));
      input.probability = value.trim() !== '' && Number.isFinite(n) ? n : value;
    } else if (field === 'owner_email') {
      const owner = known.members.get(value.toLowerCase());
      if (owner === undefined) reasons.owner_email = ['not_member'];
      else input.owner_id = owner;
    } else if (field === 'organisation') {
      const ids = known.organisations.get(value) ?? [];
      if (ids.length === 1) input.organisation_id = ids[0];
      else reasons.organisation = [ids.length ? 'ambiguous' : 'not_found'];
    } else if (field === 'people') {
      const people = readPeople(value, known);
      if (Array.isArray(people)) input.customer_ids = people;
      else reasons.people = [people.reason];
    }
  }
  // A row without a title is missing it, whatever zod calls an absent key.
  if (!cells.has('title')) reasons.title = ['required'];
  const parsed = DealCreateBody.safeParse(input);
  if (!parsed.success)
    addIssues(
      reasons,
      parsed.error.issues.filter((i) => !(i.path[0] === 'title' && reasons.title)),
      (key) => FIELD_OF_KEY[key] ?? key,
    );
  if (!parsed.success || Object.keys(reasons).length) return null;
  const body = parsed.data;
  const deal = {
    title: body.title,
    amount_cents: toCents(body.amount),
    currency: known.currency,
    pipeline_id: body.pipeline_id ?? 0,
    stage_id: body.stage_id ?? 0,
    probability: body.probability ?? null,
    expected_close_date: body.expected_close_date ?? null,
    owner_id: body.owner_id === undefined ? known.callerId : body.owner_id,
    organisation_id: body.organisation_id ?? null,
    customer_ids: body.customer_ids ?? [],
    lost_reason: body.lost_reason ?? null,
    tags: body.tags,
    notes: body.notes ?? null,
  };
  return { deal, custom };
}

/** A row read and not yet checked: its cells and the reasons found so far. */
interface Pending {
  line: number;
  cells: Map<Target, string>;
  reasons: Record<string, string[]>;
}

/** A checked row as staged: the deal for the write door and its own-field values. */
type StagedDeal = { deal: DealInput; custom: Record<string, unknown> };

/** Rows checked together: the organisations and people they name are looked up in one query each. */
const CHECK_BATCH = 500;

/** Deals saved together: subscribers get one `deal.imported` change per batch (decision 091). */
const SAVE_BATCH = 500;

/**
 * Staged and all or nothing (docs/decisions/085-import-progress.md): the file is read as it
 * arrives, its rows checked a batch at a time and the valid ones written to the staging area,
 * so memory stays flat whatever its size; the refused ones are counted and reported. One
 * refused row and no deal is saved. Otherwise the staged deals are created in one transaction
 * through the write door (deal-writes.ts), a batch of 500 at a time with one `deal.imported`
 * change each and one `deal.import_finished` at the end (docs/decisions/091-batched-deal-import-writes.md):
 * a failure, a Stop or a crash part-way saves none,
 * and the staged rows are dropped however the import ends. A dry run makes the same checks and
 * leaves out the writes, so its counts are the real run's.
 */
export async function importDeals(
  ctx: AppContext,
  actor: Actor,
  file: AsyncIterable<Uint8Array>,
  query: DealImportQuery,
  stopped: () => boolean = () => false,
): Promise<DealImportResult> {
  const { companyId } = actor;
  const report: DealImportResult = {
    dry_run: query.dry_run,
    rows: 0,
    imported: 0,
    rejected: 0,
    errors: [],
    errors_truncated: false,
    mapping: {},
  };
  let valid = 0;
  let saved = 0;
  const progress = importProgress(
    ctx.importProgress.notify,
    { companyId, userId: authorIdOf(actor) },
    { kind: 'deals', dryRun: query.dry_run, key: query.progress_key },
    () => ({ read: report.rows, valid, invalid: report.rejected, saved }),
  );
  progress.phase('reading');
  const members = await memberIdsByEmail(ctx.db, companyId);
  const own = await ownImportFields(ctx.db, companyId, 'deal', members);
  const base = await baseLookups(ctx, actor, own);
  const multiLine = new Set<Target>(['notes', ...multiLineTargets(own.fields)]);
  const delimiter = query.delimiter === 'tab' ? '\t' : query.delimiter;
  await withStaging(ctx.db, companyId, 'deals', async (importId) => {
    const staging = stagingWriter<StagedDeal>(ctx.db, companyId, importId, stopped);
    let pending: Pending[] = [];
    const check = async () => {
      const known = await lookups(ctx, companyId, base, pending);
      for (const { line, cells, reasons } of pending) {
        const read = readDealRow(cells, reasons, known);
        if (!read) rejectRow(report, CUSTOMER_LIMITS.importReportMax, line, reasons);
        else {
          valid++;
          await staging.add(line, read);
        }
      }
      pending = [];
      progress.tick();
    };
    let columns: (Target | null)[] | undefined;
    try {
      for await (const record of parseCsv(file, { delimiter, maxField: DEAL_LIMITS.notesMax + 1 })) {
        if (!columns) {
          const mapping = resolveMapping<Target>(
            readHeader(record.fields),
            query.mapping,
            HEADERS,
            ownMappingTargets(own.fields),
          );
          columns = mapping.columns;
          report.mapping = mapping.applied;
          continue;
        }
        if (isBlankRecord(record)) continue;
        report.rows++;
        const reasons: Record<string, string[]> = {};
        pending.push({ line: record.line, cells: rowCells(record, columns, multiLine, reasons), reasons });
        if (pending.length >= CHECK_BATCH) await check();
      }
      if (!columns) throw emptyFile();
      await check();
      await staging.finish();
    } catch (err) {
      await staging.abandon();
      throw err;
    }
    // All or nothing: one refused row and nothing is saved, nor counted as to be saved.
    if (report.rejected > 0 || valid === 0) return;
    if (query.dry_run) {
      report.imported = valid;
      return;
    }
    progress.phase('saving');
    await touchImport(ctx.db, companyId, importId, 'applying');
    await writeDeals(ctx, authorOfActor(actor), async (writes, trx) => {
      const step = savingStep(ctx.db, trx, companyId, importId, stopped, progress.tick);
      for await (const batch of stagedBatches<StagedDeal>(trx, companyId, importId, SAVE_BATCH)) {
        await step();
        await writes.importMany(batch.map((b) => b.row));
        saved += batch.length;
      }
      await writes.importFinished({ rows: report.rows, created: saved, updated: 0, skipped: 0, rejected: 0 });
    });
    report.imported = saved;
  });
  // Told once the saving has committed: the counts are the answer's.
  progress.finish();
  return report;
}
