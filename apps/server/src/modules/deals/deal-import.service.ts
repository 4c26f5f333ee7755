import type { OwnFieldTarget } from '@kontora/contract/csv-import';
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
import {
  importAllOrNothing,
  type PendingRow,
  SAVE_BATCH,
} from '../../lib/csv-import/all-or-nothing-import.ts';
import { headerLookup } from '../../lib/csv-import/csv-mapping.ts';
import { addIssues } from '../../lib/csv-import/csv-rows.ts';
import { heldImport } from '../../lib/csv-import/held-import.ts';
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
import type { HeldDeals } from './deal-writes-imported.ts';
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
  rows: readonly PendingRow<Target>[],
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

/** A checked row as staged: the deal for the write door and its own-field values. */
type StagedDeal = { deal: DealInput; custom: Record<string, unknown> };

/**
 * Staged and all or nothing (lib/csv-import/all-or-nothing-import.ts,
 * docs/decisions/085-import-progress.md): one refused row and no deal is saved. Otherwise the
 * staged deals are created through the write door (deal-writes.ts), a batch of 500 at a time
 * with one `deal.imported` change each and one `deal.import_finished` at the end
 * (docs/decisions/091-batched-deal-import-writes.md): a failure, a Stop or a crash part-way
 * saves none. PostgreSQL saves in one transaction; SQLite in short ones, the deals hidden until
 * the flip (docs/decisions/104-deal-todo-imports-behind-a-switch.md).
 */
export async function importDeals(
  ctx: AppContext,
  actor: Actor,
  file: AsyncIterable<Uint8Array>,
  query: DealImportQuery,
  stopped: () => boolean = () => false,
): Promise<DealImportResult> {
  const { companyId } = actor;
  const members = await memberIdsByEmail(ctx.db, companyId);
  const own = await ownImportFields(ctx.db, companyId, 'deal', members);
  const base = await baseLookups(ctx, actor, own);
  return importAllOrNothing<Target, StagedDeal, Lookups>(
    {
      db: ctx.db,
      notify: ctx.importProgress.notify,
      who: { companyId, userId: authorIdOf(actor) },
      kind: 'deals',
      headers: HEADERS,
      own: ownMappingTargets(own.fields),
      multiLine: new Set<Target>(['notes', ...multiLineTargets(own.fields)]),
      maxField: DEAL_LIMITS.notesMax + 1,
      lookups: (rows) => lookups(ctx, companyId, base, rows),
      readRow: readDealRow,
      save: (each, rows) =>
        writeDeals(ctx, authorOfActor(actor), async (writes, trx) => {
          const created = await each(trx, (batch) => writes.importMany(batch));
          await writes.importFinished({ rows, created, updated: 0, skipped: 0, rejected: 0 });
        }),
      behindSwitch: (importId) => {
        const author = authorOfActor(actor);
        const held: HeldDeals = heldImport(importId, SAVE_BATCH, { state: { tops: new Map() }, stats: [] });
        return {
          batch: (rows, alive) =>
            writeDeals(
              ctx,
              author,
              async (writes, trx) => {
                await alive(trx);
                await writes.importMany(rows);
              },
              held,
            ),
          flip: (rows, created, applied) =>
            writeDeals(
              ctx,
              author,
              async (writes, trx) => {
                await applied(trx);
                await writes.importApplied();
                await writes.importFinished({ rows, created, updated: 0, skipped: 0, rejected: 0 });
              },
              held,
            ),
        };
      },
    },
    file,
    query,
    stopped,
  );
}
