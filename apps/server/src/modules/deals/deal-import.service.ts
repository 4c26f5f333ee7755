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
import type { Actor } from '../../lib/actor.ts';
import { authorIdOf } from '../../lib/actor.ts';
import { readAmount } from '../../lib/amount-text.ts';
import { type CsvRecord, parseCsv } from '../../lib/csv.ts';
import { headerLookup, readHeader, resolveMapping } from '../../lib/csv-import/csv-mapping.ts';
import { addIssues, emptyFile, isBlankRecord, rejectRow, rowCells } from '../../lib/csv-import/csv-rows.ts';
import {
  checkValues,
  multiLineTargets,
  type OwnImportFields,
  ownImportFields,
  ownMappingTargets,
  readOwnCells,
} from '../custom-fields/custom-fields.service.ts';
import { memberIdsByEmail } from '../members/members.service.ts';
import { dealAuthorOf } from './deal-author.ts';
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

/** What every row is checked against, read once per import. */
interface Lookups {
  currency: string;
  members: ReadonlyMap<string, number>;
  /** Folded pipeline name → its id and its stages (folded name → id), first pipeline first. */
  pipelines: { id: number; name: string; stages: Map<string, number>; firstOpen: number | undefined }[];
  organisations: Map<string, number[]>;
  /** People entry (an email folded, else a name) → the ids of the person customers it names. */
  people: Map<string, number[]>;
  callerId: number | null;
  own: OwnImportFields;
}

const fold = (name: string) => name.trim().toLocaleLowerCase();

async function lookups(
  ctx: AppContext,
  actor: Actor,
  organisationNames: string[],
  peopleCells: string[],
  own: OwnImportFields,
): Promise<Lookups> {
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
    organisations: await organisationIdsByName(ctx.db, actor.companyId, [...new Set(organisationNames)]),
    people: await personIdsByEntry(ctx.db, actor.companyId, peopleCells.flatMap(peopleEntries)),
    callerId: authorIdOf(actor),
    own,
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

/**
 * All or nothing: every row is read and checked first; when one is refused, the report lists
 * it (line, column, reasons) and no deal is saved. Otherwise all are created in one transaction
 * through the write door (deal-writes.ts): a failure part-way saves none. A dry run makes the
 * same checks and leaves out the writes, so its counts are the real run's.
 */
export async function importDeals(
  ctx: AppContext,
  actor: Actor,
  file: Uint8Array[],
  query: DealImportQuery,
): Promise<DealImportResult> {
  const delimiter = query.delimiter === 'tab' ? '\t' : query.delimiter;
  const report: DealImportResult = {
    dry_run: query.dry_run,
    rows: 0,
    imported: 0,
    rejected: 0,
    errors: [],
    errors_truncated: false,
    mapping: {},
  };
  const members = await memberIdsByEmail(ctx.db, actor.companyId);
  const own = await ownImportFields(ctx.db, actor.companyId, 'deal', members);
  const multiLine = new Set<Target>(['notes', ...multiLineTargets(own.fields)]);
  let columns: (Target | null)[] | undefined;
  const rows: {
    record: CsvRecord;
    cells: Map<Target, string>;
    reasons: Record<string, string[]>;
  }[] = [];
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
    rows.push({ record, cells: rowCells(record, columns, multiLine, reasons), reasons });
  }
  if (!columns) throw emptyFile();
  const known = await lookups(
    ctx,
    actor,
    rows.flatMap((r) => r.cells.get('organisation') ?? []),
    rows.flatMap((r) => r.cells.get('people') ?? []),
    own,
  );
  const deals: { deal: DealInput; custom: Record<string, unknown> }[] = [];
  for (const { record, cells, reasons } of rows) {
    const read = readDealRow(cells, reasons, known);
    if (read) deals.push(read);
    else rejectRow(report, CUSTOMER_LIMITS.importReportMax, record.line, reasons);
  }
  if (report.rejected > 0) return report;
  report.imported = deals.length;
  if (query.dry_run || deals.length === 0) return report;
  await writeDeals(ctx, dealAuthorOf(actor), async (writes) => {
    for (const { deal, custom } of deals) await writes.create(deal, { kind: 'top' }, custom);
  });
  return report;
}
