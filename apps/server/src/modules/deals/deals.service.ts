import type { CustomField, CustomOptionMergeBody } from '@kontora/contract/custom-fields';
import type {
  Deal,
  DealCreateBody,
  DealMoveBody,
  DealTimelineEntry,
  DealTimelinePage,
  DealUpdateBody,
} from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { authorOfActor, systemAuthor } from '../../lib/record-author.ts';
import { finishOptionMerge, optionsMerged, planOptionMerge } from '../custom-fields/custom-fields.service.ts';
import { type DealInput, rowAfter, type StoredDeal, toCents, toDeal, toStored } from './deal-dto.ts';
import { loadDeals, loadStoredDeals } from './deal-load.ts';
import {
  type DealActivityRow,
  dealActivities,
  dealTitles,
  dealTitlesPage,
  demoCustomers,
} from './deal-timeline.repository.ts';
import { staleDeal, writeDeals } from './deal-writes.ts';
import { companyCurrency, findDealRow, findDealWithStages, findDealWithValues } from './deals.repository.ts';
import { selectPipelines, selectStages } from './pipelines.repository.ts';

export async function getDeal(ctx: Pick<AppContext, 'db'>, companyId: number, id: number): Promise<Deal> {
  const deal = await findDeal(ctx.db, companyId, id);
  if (!deal) throw notFound('Deal');
  return deal;
}

/** The deal as the API answers it, if the company has it. */
export async function findDeal(db: Database, companyId: number, id: number): Promise<Deal | undefined> {
  const row = await findDealWithValues(db, companyId, id);
  if (!row) return undefined;
  return toDeal(row, row.customer_ids, Date.now(), row.custom);
}

async function storedDeal(db: Database, companyId: number, id: number): Promise<StoredDeal> {
  const [deal] = await loadStoredDeals(db, companyId, [id]);
  if (!deal) throw notFound('Deal');
  return deal;
}

/** A create body completed with the company's defaults: first pipeline, its first open stage, the company's currency, the caller as owner. */
async function completeDeal(db: Database, actor: Actor, body: DealCreateBody): Promise<DealInput> {
  const pipelineId = body.pipeline_id ?? (await selectPipelines(db, actor.companyId))[0]?.id;
  if (pipelineId === undefined) throw invalidField('pipeline_id', 'not_found', 'No such pipeline.');
  let stageId = body.stage_id;
  if (stageId === undefined) {
    const stages = await selectStages(db, actor.companyId, [pipelineId]);
    stageId = stages.find((s) => s.kind === 'open')?.id;
    if (stageId === undefined) throw invalidField('pipeline_id', 'not_found', 'No such pipeline.');
  }
  return {
    title: body.title,
    amount_cents: toCents(body.amount),
    currency: body.currency ?? (await companyCurrency(db, actor.companyId)),
    pipeline_id: pipelineId,
    stage_id: stageId,
    probability: body.probability ?? null,
    expected_close_date: body.expected_close_date ?? null,
    owner_id: body.owner_id === undefined ? authorIdOf(actor) : body.owner_id,
    organisation_id: body.organisation_id ?? null,
    customer_ids: body.customer_ids,
    lost_reason: body.lost_reason ?? null,
    tags: body.tags,
    notes: body.notes ?? null,
  };
}

export async function createDeal(ctx: AppContext, actor: Actor, body: DealCreateBody): Promise<Deal> {
  const id = await writeDeals(ctx, authorOfActor(actor), async (w, trx) =>
    w.create(await completeDeal(trx, actor, body), { kind: 'top' }, body.custom),
  );
  return getDeal(ctx, actor.companyId, id);
}

/** The fields of an edit over the deal as read (those left out keep their values). */
function applyUpdate(current: StoredDeal, body: Partial<DealUpdateBody>): DealInput {
  const { version: _version, amount, custom: _custom, ...rest } = body;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return {
    title: current.title,
    amount_cents: amount === undefined ? current.amount_cents : toCents(amount),
    currency: current.currency,
    pipeline_id: current.pipeline_id,
    stage_id: current.stage_id,
    probability: current.probability,
    expected_close_date: current.expected_close_date,
    owner_id: current.owner_id,
    organisation_id: current.organisation_id,
    customer_ids: current.customer_ids,
    lost_reason: current.lost_reason,
    tags: current.tags,
    notes: current.notes,
    ...defined,
  };
}

export async function updateDeal(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: DealUpdateBody,
): Promise<Deal> {
  await writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    const current = await storedDeal(trx, actor.companyId, id);
    if (current.version !== body.version) throw staleDeal();
    await w.change(current, applyUpdate(current, body), undefined, body.custom);
  });
  return getDeal(ctx, actor.companyId, id);
}

/**
 * To another stage of its pipeline, next to a deal of that stage (or at the top). The deal
 * is read with its people, own-field values and pipeline's stages in one statement
 * (decision 063). Answers the deal as this move wrote
 * it, built from the row read in the transaction and what the move changed (owner and
 * organisation stay), not read again after the commit.
 */
export async function moveDeal(ctx: AppContext, actor: Actor, id: number, body: DealMoveBody): Promise<Deal> {
  return writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    const found = await findDealWithStages(trx, actor.companyId, id);
    if (!found) throw notFound('Deal');
    const { row } = found;
    w.knowStages(row.pipeline_id, found.stages);
    const current = toStored(row, row.customer_ids);
    if (current.version !== body.version) throw staleDeal();
    const placement =
      body.before_id !== undefined
        ? ({ kind: 'before', id: body.before_id } as const)
        : body.after_id !== undefined
          ? ({ kind: 'after', id: body.after_id } as const)
          : ({ kind: 'top' } as const);
    const { written } = await w.write(
      current,
      {
        ...current,
        stage_id: body.stage_id,
        ...(body.lost_reason !== undefined ? { lost_reason: body.lost_reason } : {}),
      },
      placement,
    );
    // A move leaves the company's own fields as they were: the values read with the deal answer.
    const { custom } = row;
    if (!written) return toDeal(row, row.customer_ids, Date.now(), custom);
    return toDeal(
      rowAfter(row, written.deal, written.stage, written.at, authorIdOf(actor)),
      written.deal.customer_ids,
      Date.now(),
      custom,
    );
  });
}

export async function deleteDeal(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    const current = await storedDeal(trx, actor.companyId, id);
    if ((await w.delete([current])).length === 0) throw notFound('Deal');
  });
}

/** Deals a batch of a merge rewrites and reports to the feed as one entry. */
const MERGE_BATCH = 500;

/**
 * Merges option `from` of a deals' select field into `into`, in one transaction: the deals'
 * values through the write door, batch by batch, then the field's options. Answers the
 * field and the ids of the deals changed.
 */
export async function mergeDealOption(
  ctx: AppContext,
  actor: Actor,
  fieldId: number,
  body: CustomOptionMergeBody,
): Promise<{ field: CustomField; records: number[] }> {
  const answer = await writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    const plan = await planOptionMerge(trx, actor.companyId, fieldId, body);
    if (plan.field.record !== 'deal') throw notFound('Field');
    for (let i = 0; i < plan.changes.length; i += MERGE_BATCH)
      await w.optionMerged(plan, plan.changes.slice(i, i + MERGE_BATCH));
    const field = await finishOptionMerge(ctx, trx, actor, plan);
    return { field, records: plan.changes.map((c) => c.recordId) };
  });
  optionsMerged(ctx, actor.companyId);
  return answer;
}

export function toTimelineEntry(r: DealActivityRow): DealTimelineEntry {
  return {
    id: r.id,
    kind: r.kind,
    changes: r.changes ? (JSON.parse(r.changes) as DealTimelineEntry['changes']) : null,
    body: r.body,
    actor_id: r.author_id,
    actor_name: r.author_name ?? r.author_key_name,
    created_at: r.created_at,
  };
}

export async function dealTimeline(
  ctx: AppContext,
  companyId: number,
  id: number,
  query: { cursor?: string | undefined; limit: number },
): Promise<DealTimelinePage> {
  if (!(await findDealRow(ctx.db, companyId, id))) throw notFound('Deal');
  let before: { at: string; id: number } | undefined;
  if (query.cursor) {
    const [kind, at, entryId] = decodeCursor(query.cursor) ?? [];
    if (kind !== 'deal-timeline' || typeof at !== 'string' || !Number.isSafeInteger(entryId))
      throw invalidField('cursor', 'invalid_cursor');
    before = { at, id: entryId as number };
  }
  const rows = await dealActivities(ctx.db, companyId, id, before, query.limit + 1);
  const items = rows.slice(0, query.limit).map(toTimelineEntry);
  const last = items.at(-1);
  return {
    items,
    next_cursor:
      rows.length > query.limit && last ? encodeCursor(['deal-timeline', last.created_at, last.id]) : null,
  };
}

/** Whether the id is a deal of the company (a to-do may only belong to its own company's deals). */
export async function dealBelongsTo(db: Database, companyId: number, dealId: number): Promise<boolean> {
  return (await dealTitles(db, companyId, [dealId])).has(dealId);
}

/** The titles of the company's deals with these ids (for the to-dos that belong to them). */
export function titlesOfDeals(db: Database, companyId: number, ids: number[]): Promise<Map<number, string>> {
  return dealTitles(db, companyId, ids);
}

/** A demo deal: the stage by its index in the company's first pipeline. */
export interface DemoDeal {
  title: string;
  amount: number;
  organisation_id: number | null;
  customer_ids: number[];
  expected_close_date: string;
  stage_index: number;
}

/**
 * The demo seed's deals for a company without deals, through the write door (created in
 * the first open stage, then moved, so their timelines and the forecast's stage entries read
 * as if people had worked them). `plan` gets the company's organisations and people. Answers
 * how many were made (none when the company has deals already).
 */
export async function demoDealsFor(
  db: Database,
  actor: Actor,
  plan: (customers: { organisations: number[]; people: number[] }) => DemoDeal[],
): Promise<number> {
  if ((await dealTitlesPage(db, actor.companyId, 1)).length) return 0;
  const customers = await demoCustomers(db, actor.companyId);
  const deals = plan(customers);
  const ctx = { db } as Pick<AppContext, 'db'>;
  return writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    const pipeline = (await selectPipelines(trx, actor.companyId))[0];
    if (!pipeline) return 0;
    const stages = await w.stagesOf(pipeline.id);
    const first = stages.find((s) => s.kind === 'open');
    if (!first) return 0;
    const currency = await companyCurrency(trx, actor.companyId);
    for (const d of deals) {
      const input: DealInput = {
        title: d.title,
        amount_cents: toCents(d.amount),
        currency,
        pipeline_id: pipeline.id,
        stage_id: first.id,
        probability: null,
        expected_close_date: d.expected_close_date,
        owner_id: authorIdOf(actor),
        organisation_id: d.organisation_id,
        customer_ids: d.customer_ids,
        lost_reason: null,
        tags: [],
        notes: null,
      };
      const id = await w.create(input);
      const target = stages[d.stage_index];
      if (target && target.id !== first.id) {
        const [stored] = await loadStoredDeals(trx, actor.companyId, [id]);
        if (stored)
          await w.change(stored, {
            ...stored,
            stage_id: target.id,
            lost_reason: target.kind === 'lost' ? 'Price' : null,
          });
      }
    }
    return deals.length;
  });
}

/**
 * Other modules write deals through the same door as this module's own routes
 * (deal-writes.ts): the CRM connectors keep deals in step with a remote CRM.
 */
/**
 * Makes these deals' searched words again after a definition change hid or showed an own
 * text field's values (docs/decisions/084-own-text-values-searched.md). One transaction.
 */
export function refreshDealSearch(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  ids: number[],
): Promise<number> {
  return writeDeals(ctx, systemAuthor(companyId, 'own field search'), (w) => w.refreshSearch(ids));
}

export { type DealInput, fromCents, type StoredDeal, toCents } from './deal-dto.ts';
export { type DealWrites, writeDeals } from './deal-writes.ts';

/** A deal as the write door takes it, with when it last changed (a sync's "latest change wins"). */
export type SyncedDeal = StoredDeal & { updated_at: string };

/** The company's deals with these ids, as the write door takes them (others absent). */
export async function dealsForSync(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<Map<number, SyncedDeal>> {
  const deals = await loadDeals(db, companyId, ids, (row, people) => ({
    ...toStored(row, people),
    updated_at: row.updated_at,
  }));
  return new Map(deals.map((d) => [d.id, d]));
}

/** The company's pipelines, in order, each with its stages in order; and the company's currency. */
export async function pipelinesForSync(db: Database, companyId: number) {
  const pipelines = await selectPipelines(db, companyId);
  const stages = await selectStages(db, companyId);
  return {
    currency: await companyCurrency(db, companyId),
    pipelines: pipelines.map((p) => ({
      id: p.id,
      name: p.name,
      stages: stages
        .filter((s) => s.pipeline_id === p.id)
        .map((s) => ({ id: s.id, name: s.name, kind: s.kind })),
    })),
  };
}

/**
 * Deals as reads may show them, for the modules that read deals themselves (mail, connectors,
 * to-dos): those of an import under way left out (docs/decisions/104-deal-todo-imports-behind-a-switch.md).
 */
export { baseDeals, hiddenDeals, shownDeals } from './deals.repository.ts';
