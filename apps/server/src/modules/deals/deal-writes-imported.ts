import type { CustomField } from '@kontora/contract/custom-fields';
import type { CompiledQuery } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type HeldImport, holdIds } from '../../lib/csv-import/held-import.ts';
import type { RecordAuthor } from '../../lib/record-author.ts';
import { recordChange } from '../change-feed/change-feed.service.ts';
import {
  acceptedPlan,
  activeFields,
  type CustomPlan,
  checkValues,
  ownValuesOfNew,
} from '../custom-fields/custom-fields.service.ts';
import { assertParties, partiesOf, stageOfPipeline } from './deal-checks.ts';
import type { DealInput, StoredDeal } from './deal-dto.ts';
import { insertCustomerEntries, insertDealLinks, insertDealRows } from './deal-import.repository.ts';
import { POSITION_STEP, positionFor } from './deal-position.ts';
import { ownWordsOf } from './deal-search-refresh.ts';
import {
  contribution,
  entered,
  mergeStats,
  type StatsDeal,
  type StatsDelta,
  statsUpsert,
} from './deal-stats.repository.ts';
import {
  customerTypes,
  insertDealActivities,
  type NewDealActivity,
  type NewDealRow,
} from './deals.repository.ts';
import type { StageRow } from './pipelines.repository.ts';

/**
 * The batched create path of CSV imports (docs/decisions/091-batched-deal-import-writes.md),
 * kept beside the write door (deal-writes.ts) and reached only through it
 * (`DealWrites.importMany`): the session lends its checks, columns and timeline entries, so an
 * imported deal is still written by the one door, with everything a single create does, in a
 * few statements per batch instead of a dozen per deal.
 */

/** One row of an import: the deal and its own-field values as read from the file. */
export interface ImportedDeal {
  deal: DealInput;
  custom: Record<string, unknown>;
}

/** What an import keeps between its batches, in its one transaction. */
export interface ImportedDealsState {
  /** The company's own deal fields in use, read once. */
  fields?: CustomField[];
  /** Column (`pipeline:stage`) → the position the next deal placed at its top takes. */
  tops: Map<string, number>;
}

/**
 * An import saving behind a switch on SQLite (docs/decisions/104-deal-todo-imports-behind-a-switch.md):
 * its state kept across its short transactions, and the figures its hidden deals add, held for the
 * flip with their ids.
 */
export type HeldDeals = HeldImport<{ state: ImportedDealsState; stats: StatsDelta[] }>;

/** What the write session lends this path: its transaction, author and private steps. */
export interface ImportedDealSession {
  db: Database;
  author: RecordAuthor;
  now: () => string;
  state: ImportedDealsState;
  /** Set when the deals are written marked, behind a switch: feed and figures wait for the flip. */
  held: HeldDeals | undefined;
  stagesOf: (pipelineId: number) => Promise<StageRow[]>;
  isMember: (userId: number) => Promise<boolean>;
  assertMember: (userId: number) => Promise<void>;
  row: (deal: Omit<StoredDeal, 'id'>) => NewDealRow;
  entry: (dealId: number, kind: NewDealActivity['kind'], at: string) => NewDealActivity;
  statsOf: (deal: Omit<StoredDeal, 'id'>, stage: StageRow | undefined) => StatsDeal;
}

/** Customers looked up per statement when checking a batch's organisations and people. */
const CUSTOMERS_PER_LOOKUP = 1_000;

/**
 * A batch of new deals, each placed at the top of its column in the rows' order (as creating
 * them one by one would), with their tags, people, own values and searched words, the
 * forecast's figures, a `created` entry on each deal's timeline and a `deal_created` one on its
 * customers', and together one `deal.imported` change `{count, ids}`. Answers the ids in order.
 */
export async function importDeals(
  session: ImportedDealSession,
  rows: readonly ImportedDeal[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const { db, author } = session;
  const { companyId } = author;
  const stages = await checkDeals(
    session,
    rows.map((r) => r.deal),
  );
  const plans = await checkOwnValues(session, rows);
  const at = session.now();
  const stored: Omit<StoredDeal, 'id'>[] = [];
  for (const [i, { deal }] of rows.entries()) {
    const status = (stages[i] as StageRow).kind;
    stored.push({
      ...deal,
      status,
      lost_reason: status === 'lost' ? deal.lost_reason : null,
      closed_at: status === 'open' ? null : at,
      stage_entered_at: at,
      position: await nextTop(session, deal),
      version: 1,
      created_at: at,
    });
  }
  // The words the plans already know (decision 094's `searched`), with the row: no read-back.
  const { held } = session;
  const mark = held ? { import_id: held.importId } : {};
  const ids = await insertDealRows(
    db,
    stored.map((d, i) => ({
      ...session.row(d),
      own_words: ownWordsOf(plans[i]),
      own_values: ownValuesOfNew(plans[i]),
      ...mark,
    })),
  );
  await insertDealLinks(
    db,
    companyId,
    stored.map((d, i) => ({ id: ids[i] as number, tags: d.tags, customer_ids: d.customer_ids })),
  );
  await insertCustomerEntries(
    db,
    customerEntries(author, stored, at).map((e) => ({ ...e, ...mark })),
  );
  const deltas: StatsDelta[] = stored.flatMap((d, i) => [
    ...contribution(session.statsOf(d, stages[i]), 1),
    ...entered(d.pipeline_id, d.owner_id, [d.stage_id], at),
  ]);
  const entries = insertDealActivities(
    db,
    ids.map((id) => session.entry(id, 'created', at)),
  );
  if (held) {
    // Hidden with their deals (cascade) until the flip, which adds the figures and tells the feed.
    await db.executeQuery(entries);
    held.extra.stats = mergeStats([...held.extra.stats, ...deltas]);
    holdIds(held, ids);
    return ids;
  }
  const stats = statsUpsert(db, companyId, deltas);
  // The figures and the timeline entries go with the change row (one round trip on PostgreSQL).
  await importedChange(session, ids, [...(stats ? [stats] : []), entries]);
  return ids;
}

/** One `deal.imported` change `{count, ids}`, with what goes along in its statement. */
function importedChange(
  session: Pick<ImportedDealSession, 'db' | 'author'>,
  ids: number[],
  along: CompiledQuery[] = [],
): Promise<unknown> {
  return recordChange(
    session.db,
    {
      companyId: session.author.companyId,
      type: 'deal.imported',
      entity: { type: 'deal', id: null },
      actor: session.author.change,
      changes: null,
      data: { count: ids.length, ids },
    },
    along,
  );
}

/**
 * The flip of an import saved behind a switch (its state already `applied`): the figures of its
 * deals added in one upsert, then one `deal.imported` per feed batch, in order — what one saving
 * transaction records.
 */
export async function importApplied(
  session: Pick<ImportedDealSession, 'db' | 'author'>,
  held: HeldDeals,
): Promise<void> {
  const stats = statsUpsert(session.db, session.author.companyId, held.extra.stats);
  if (stats) await session.db.executeQuery(stats);
  for (const ids of held.feed) if (ids?.length) await importedChange(session, ids);
}

/** An import's counts, as `deal.import_finished` tells them (the shape of `customer.import_finished`). */
export type ImportCounts = {
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
};

/** One entry for a whole CSV import, after its batches: subscribers may wait for it instead. */
export async function importFinished(
  session: Pick<ImportedDealSession, 'db' | 'author'>,
  counts: ImportCounts,
): Promise<void> {
  await recordChange(session.db, {
    companyId: session.author.companyId,
    type: 'deal.import_finished',
    entity: { type: 'deal', id: null },
    actor: session.author.change,
    changes: null,
    data: counts,
  });
}

/** Each deal on the timelines of its organisation and people (kind `deal_created`, its title as body). */
function customerEntries(author: RecordAuthor, deals: readonly Omit<StoredDeal, 'id'>[], at: string) {
  return deals.flatMap((d) =>
    partiesOf(d).map((customer_id) => ({
      company_id: author.companyId,
      customer_id,
      kind: 'deal_created' as const,
      body: d.title,
      changes: null,
      ...author.timeline,
      created_at: at,
    })),
  );
}

/**
 * A single create's checks, for the batch at once: each stage is of its deal's pipeline, each
 * owner a member, each organisation an organisation of the company and each person one of its
 * customers. Answers each deal's stage.
 */
async function checkDeals(session: ImportedDealSession, deals: readonly DealInput[]): Promise<StageRow[]> {
  const stages: StageRow[] = [];
  for (const deal of deals)
    stages.push(stageOfPipeline(await session.stagesOf(deal.pipeline_id), deal.stage_id));
  for (const owner of new Set(deals.map((d) => d.owner_id)))
    if (owner !== null) await session.assertMember(owner);
  const wanted = [...new Set(deals.flatMap(partiesOf))];
  const types = new Map<number, string>();
  for (let i = 0; i < wanted.length; i += CUSTOMERS_PER_LOOKUP) {
    const found = await customerTypes(
      session.db,
      session.author.companyId,
      wanted.slice(i, i + CUSTOMERS_PER_LOOKUP),
    );
    for (const [id, type] of found) types.set(id, type);
  }
  for (const deal of deals) assertParties(types, deal.organisation_id, deal.customer_ids);
  return stages;
}

/** Each row's own values checked as a new deal's (defaults fill fields left out), against the fields in use now. */
async function checkOwnValues(
  session: ImportedDealSession,
  rows: readonly ImportedDeal[],
): Promise<CustomPlan[]> {
  const { state } = session;
  state.fields ??= await activeFields(session.db, session.author.companyId, 'deal');
  const plans: CustomPlan[] = [];
  for (const row of rows)
    plans.push(await acceptedPlan(checkValues(state.fields, 'deal', row.custom, null), session.isMember));
  return plans;
}

/** The position at the top of the deal's column, above the deals placed there before in this import. */
async function nextTop(session: ImportedDealSession, deal: DealInput): Promise<number> {
  const key = `${deal.pipeline_id}:${deal.stage_id}`;
  let position = session.state.tops.get(key);
  if (position === undefined) {
    const column = {
      companyId: session.author.companyId,
      pipelineId: deal.pipeline_id,
      stageId: deal.stage_id,
    };
    position = (await positionFor(session.db, column, { kind: 'top' }, null)) ?? 0;
  }
  session.state.tops.set(key, position - POSITION_STEP);
  return position;
}
