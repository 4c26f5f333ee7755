import type { FieldChange } from '@kontora/contract/change-feed';
import type { ChangeType } from '@kontora/contract/change-types';
import { DEAL_EDITABLE_FIELDS, type DealEditableField } from '@kontora/contract/deal-values';
import type { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { bumpEventVersion } from '../../lib/event-versions.ts';
import type { RecordAuthor } from '../../lib/record-author.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordChange } from '../change-feed/change-feed.service.ts';
import {
  type OptionMergeChange,
  type OptionMergePlan,
  ownValuesOfNew,
  planCustomValues,
  writeCustomValues,
  writeMergedValues,
} from '../custom-fields/custom-fields.service.ts';
import { isMember } from '../members/members.service.ts';
import { changeKindOf } from './deal-change-kind.ts';
import { assertParties, partiesOf, stageOfPipeline } from './deal-checks.ts';
import { type DealInput, feedData, foldWords, fromCents, type StoredDeal } from './deal-dto.ts';
import { type Placement, positionFor } from './deal-position.ts';
import { ownWordsOf, refreshOwnWords } from './deal-search-refresh.ts';
import { applyStats, contribution, entered, type StatsDelta, statsUpsert } from './deal-stats.repository.ts';
import {
  type HeldDeals,
  type ImportCounts,
  type ImportedDeal,
  type ImportedDealSession,
  type ImportedDealsState,
  importApplied,
  importDeals,
  importFinished,
} from './deal-writes-imported.ts';
import {
  bumpDealVersionsOf,
  customerTypes,
  deleteDealsReturning,
  insertCustomerDealEntries,
  insertDeal,
  insertDealActivities,
  insertDealActivity,
  insertDealNote,
  type NewDealActivity,
  replaceDealCustomers,
  replaceDealTags,
  updateDealIfVersion,
} from './deals.repository.ts';
import { type StageRow, selectStages } from './pipelines.repository.ts';

/**
 * The one door through which deals are written (as customer-writes.ts is for customers).
 * Every write of a deal row (create, edit, move, bulk actions, a stage or pipeline removed
 * with its deals moved, delete) goes through a session of `writeDeals`, which owns:
 * - the checks (the stage is of the deal's pipeline, the owner a member, the organisation
 *   an organisation of the company, the people its customers; the version still the one
 *   the writer read: 409 `stale_update` otherwise),
 * - what follows from the stage: status, `closed_at`, `stage_entered_at`, the position in
 *   the column, the lost reason kept only while lost,
 * - the row, its tags and people, its values of the company's own fields (checked and
 *   stored by the custom-fields service) and their searched words (deal-search-refresh.ts), the deal's timeline entry and its notes (sent with the change-feed row
 *   in one statement), the forecast's figures (deal_stats), the audit of deletions.
 * Deals have no cached answers, so nothing is evicted after the commit; the to-do answers
 * that show a deal's title are keyed by `event_versions`, bumped in the transaction.
 */

export const staleDeal = () =>
  new AppError(409, 'stale_update', 'Someone else changed this deal meanwhile. Reload it and try again.');

/**
 * Runs `work` in one transaction with a write session; `held`: a batch or the flip of an import
 * saving behind a switch (SQLite, docs/decisions/104-deal-todo-imports-behind-a-switch.md), whose
 * deals are written marked and whose feed and figures wait for the flip.
 */
export function writeDeals<T>(
  { db }: Pick<AppContext, 'db'>,
  author: RecordAuthor,
  work: (writes: DealWrites, trx: Database) => Promise<T>,
  held?: HeldDeals,
): Promise<T> {
  return db.transaction().execute((trx) => work(new DealWrites(trx, author, held), trx));
}

/** The fields compared for the timeline and the feed, in the order they are listed (the amount in cents; status and closing date follow the stage). */
const COMPARED = [
  ...DEAL_EDITABLE_FIELDS.map((f) => (f === 'amount' ? 'amount_cents' : f)),
  'status',
  'closed_at',
] as (keyof StoredDeal & (Exclude<DealEditableField, 'amount'> | 'amount_cents' | 'status' | 'closed_at'))[];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export class DealWrites {
  readonly db: Database;
  readonly author: RecordAuthor;
  readonly #stages = new Map<number, StageRow[]>();
  readonly #members = new Map<number, boolean>();
  /** What an import keeps between its batches (importMany). */
  readonly #imported: ImportedDealsState;
  readonly #held: HeldDeals | undefined;

  constructor(db: Database, author: RecordAuthor, held?: HeldDeals) {
    this.db = db;
    this.author = author;
    this.#held = held;
    this.#imported = held?.extra.state ?? { tops: new Map() };
  }

  /** The stages of a pipeline of the company, in order (empty: no such pipeline). */
  async stagesOf(pipelineId: number): Promise<StageRow[]> {
    let stages = this.#stages.get(pipelineId);
    if (!stages) {
      stages = await selectStages(this.db, this.author.companyId, [pipelineId]);
      this.#stages.set(pipelineId, stages);
    }
    return stages;
  }

  /** Takes a pipeline's stages read in this transaction with something else (a deal), sparing their own statement. */
  knowStages(pipelineId: number, stages: StageRow[]): void {
    this.#stages.set(pipelineId, stages);
  }

  /** Forgets the stages read (a stage list was just rewritten in this transaction). */
  forgetStages(): void {
    this.#stages.clear();
  }

  /**
   * A new deal at the top of its column (or where `placement` says), with its custom values
   * (defaults fill fields left out). Answers its id.
   */
  async create(
    input: DealInput,
    placement: Placement = { kind: 'top' },
    custom?: Record<string, unknown>,
  ): Promise<number> {
    const stage = await this.#check(input, null);
    const at = now();
    const status = stage.kind;
    const { companyId } = this.author;
    const values = await planCustomValues(this.db, companyId, 'deal', null, custom);
    const position = await this.#position(input, placement, null);
    const stored: Omit<StoredDeal, 'id'> = {
      ...input,
      status,
      lost_reason: status === 'lost' ? input.lost_reason : null,
      closed_at: status === 'open' ? null : at,
      stage_entered_at: at,
      position,
      version: 1,
      created_at: at,
    };
    const id = await insertDeal(this.db, {
      ...this.#columns(stored),
      company_id: companyId,
      stage_entered_at: at,
      position,
      version: 1,
      created_by: this.author.userId,
      updated_by: this.author.userId,
      created_at: at,
      updated_at: at,
      // The words the checked values already know, with the row (decision 094).
      own_words: ownWordsOf(values),
      own_values: ownValuesOfNew(values),
    });
    if (input.tags.length) await replaceDealTags(this.db, companyId, id, input.tags);
    if (input.customer_ids.length) await replaceDealCustomers(this.db, companyId, id, input.customer_ids);
    await applyStats(this.db, companyId, [
      ...contribution(this.#statsOf(stored, stage), 1),
      ...entered(input.pipeline_id, input.owner_id, [stage.id], at),
    ]);
    await this.#onCustomerTimelines(stored, 'deal_created', at);
    await this.#record(
      {
        type: 'deal.created',
        id,
        version: 1,
        data: { ...feedData({ ...stored, id }), custom: values.values },
      },
      this.#entry(id, 'created', at),
    );
    return id;
  }

  /**
   * Many new deals (a batch of a CSV import, up to 500): each checked and written as `create`
   * would, at the top of its column in the rows' order, in a few statements, and together one
   * `deal.imported` change naming the ids (deal-writes-imported.ts,
   * docs/decisions/091-batched-deal-import-writes.md). Answers the ids in order.
   */
  importMany(rows: readonly ImportedDeal[]): Promise<number[]> {
    return importDeals(this.#importSession(), rows);
  }

  /** The flip of the import this session's batches were held for: its figures and feed (deal-writes-imported.ts). */
  importApplied(): Promise<void> {
    if (!this.#held) throw new Error('No import is held in this session.');
    return importApplied(this, this.#held);
  }

  /** One `deal.import_finished` entry for a whole CSV import, after its batches. */
  importFinished(counts: ImportCounts): Promise<void> {
    return importFinished(this, counts);
  }

  #importSession(): ImportedDealSession {
    return {
      db: this.db,
      author: this.author,
      now,
      state: this.#imported,
      held: this.#held,
      stagesOf: (pipelineId) => this.stagesOf(pipelineId),
      isMember: (userId) => this.#isMember(userId),
      assertMember: (userId) => this.#assertMember(userId),
      row: (d) => ({
        ...this.#columns(d),
        company_id: this.author.companyId,
        stage_entered_at: d.stage_entered_at,
        position: d.position,
        version: 1,
        created_by: this.author.userId,
        updated_by: this.author.userId,
        created_at: d.created_at,
        updated_at: d.created_at,
      }),
      entry: (dealId, kind, at) => this.#entry(dealId, kind, at),
      statsOf: (deal, stage) => this.#statsOf(deal, stage),
    };
  }

  /**
   * Gives `current` (as read at its version) the values of `after`, placed in its column
   * by `placement` (a move; a deal that changes stage without one goes to the top), and
   * the custom values sent. Answers the changes (none: nothing was written).
   */
  async change(
    current: StoredDeal,
    after: DealInput,
    placement?: Placement,
    custom?: Record<string, unknown>,
  ): Promise<FieldChange[]> {
    return (await this.write(current, after, placement, custom)).changes;
  }

  /**
   * As `change`, answering also the deal as written, its stage and the time of the write
   * (`written` undefined: nothing was written), so a caller can answer without reading it again.
   */
  async write(
    current: StoredDeal,
    after: DealInput,
    placement?: Placement,
    custom?: Record<string, unknown>,
  ): Promise<{ changes: FieldChange[]; written?: { deal: StoredDeal; stage: StageRow; at: string } }> {
    const stage = await this.#check(after, current);
    const values = await planCustomValues(this.db, this.author.companyId, 'deal', current.id, custom);
    const at = now();
    const stageChanged = after.stage_id !== current.stage_id || after.pipeline_id !== current.pipeline_id;
    const status = stage.kind;
    const next: StoredDeal = {
      ...current,
      ...after,
      status,
      lost_reason: status === 'lost' ? after.lost_reason : null,
      closed_at: status === 'open' ? null : status === current.status ? current.closed_at : at,
      stage_entered_at: stageChanged ? at : current.stage_entered_at,
      version: current.version + 1,
    };
    const changed = COMPARED.filter((f) => !same(current[f], next[f]));
    if (changed.length === 0 && values.changes.length === 0 && !placement) return { changes: [] };
    if (placement || stageChanged)
      next.position = await this.#position(next, placement ?? { kind: 'top' }, current.id);
    const { companyId } = this.author;
    const ok = await updateDealIfVersion(this.db, companyId, current.id, current.version, {
      ...this.#changedColumns(current, next),
      updated_by: this.author.userId,
      updated_at: at,
    });
    if (!ok) throw staleDeal();
    if (changed.includes('tags')) await replaceDealTags(this.db, companyId, current.id, next.tags);
    if (changed.includes('customer_ids'))
      await replaceDealCustomers(this.db, companyId, current.id, next.customer_ids);
    if (changed.includes('title')) await bumpEventVersion(this.db, companyId);
    await writeCustomValues(this.db, companyId, current.id, values);
    if (values.fieldIds.length) await refreshOwnWords(this.db, companyId, [current.id]);
    const oldStage = (await this.stagesOf(current.pipeline_id)).find((s) => s.id === current.stage_id);
    // Sent with the change-feed row (one round trip on PostgreSQL), like the timeline entry.
    const stats = statsUpsert(this.db, companyId, [
      ...contribution(this.#statsOf(current, oldStage), -1),
      ...contribution(this.#statsOf(next, stage), 1),
      ...(stageChanged ? await this.#entries(current, next, at) : []),
    ]);
    const changes: FieldChange[] = [
      ...changed.map((field) =>
        field === 'amount_cents'
          ? { field: 'amount', before: fromCents(current.amount_cents), after: fromCents(next.amount_cents) }
          : { field, before: current[field], after: next[field] },
      ),
      ...values.changes,
    ];
    const { type, kind } = changeKindOf(current.status, status, stageChanged);
    if (type === 'deal.won' || type === 'deal.lost')
      await this.#onCustomerTimelines(next, type === 'deal.won' ? 'deal_won' : 'deal_lost', at);
    const placed = placement && placement.kind !== 'top' ? placement : undefined;
    await this.#record(
      {
        type,
        id: current.id,
        version: next.version,
        changes,
        ...(stageChanged || placement
          ? {
              data: {
                pipeline_id: next.pipeline_id,
                stage_id: next.stage_id,
                status,
                before_id: placed?.kind === 'before' ? placed.id : null,
                after_id: placed?.kind === 'after' ? placed.id : null,
              },
            }
          : {}),
      },
      // A reorder within the column is no event in the deal's life: the feed has it, the timeline not.
      changes.length
        ? this.#entry(
            current.id,
            kind,
            at,
            JSON.stringify(Object.fromEntries(changes.map((c) => [c.field, [c.before, c.after]]))),
          )
        : undefined,
      stats,
    );
    return {
      changes: changes.length
        ? changes
        : [{ field: 'position', before: current.position, after: next.position }],
      written: { deal: next, stage, at },
    };
  }

  /**
   * The searched words of these deals again (a field's values hidden or shown): nothing else
   * of them changes, so no version, timeline or feed entry. Answers how many changed.
   */
  refreshSearch(ids: readonly number[]): Promise<number> {
    return refreshOwnWords(this.db, this.author.companyId, ids);
  }

  /**
   * A batch of deals whose own select field had option `from` merged into `into`
   * (docs/decisions/076-field-deletion-merge-and-bulk.md): the values stored, a new version and an `updated` timeline entry
   * each, and one `deal.updated` change naming the ids (entity id null, as a customer import's
   * batch) with `{count, ids, merged_option: {field, from, into}}`. Figures are untouched.
   */
  async optionMerged(plan: OptionMergePlan, batch: OptionMergeChange[]): Promise<void> {
    if (batch.length === 0) return;
    const { companyId } = this.author;
    const at = now();
    const ids = batch.map((c) => c.recordId);
    await bumpDealVersionsOf(this.db, companyId, ids, { userId: this.author.userId, at });
    await writeMergedValues(this.db, companyId, plan, batch);
    const field = `custom.${plan.field.key}`;
    const entries = batch.map((c) =>
      this.#entry(c.recordId, 'updated', at, JSON.stringify({ [field]: [c.change.before, c.change.after] })),
    );
    await recordChange(
      this.db,
      {
        companyId,
        type: 'deal.updated',
        entity: { type: 'deal', id: null },
        actor: this.author.change,
        changes: null,
        data: { count: ids.length, ids, merged_option: { field, from: plan.from, into: plan.into } },
      },
      insertDealActivities(this.db, entries),
    );
  }

  /** Deletes deals as read in this transaction, each audited and with a `deal.deleted` change. Answers the ids deleted. */
  async delete(deals: StoredDeal[]): Promise<number[]> {
    const { companyId } = this.author;
    const deleted = new Set(
      await deleteDealsReturning(
        this.db,
        companyId,
        deals.map((d) => d.id),
      ),
    );
    const gone = deals.filter((d) => deleted.has(d.id));
    const deltas: StatsDelta[] = [];
    for (const d of gone) {
      const stage = (await this.stagesOf(d.pipeline_id)).find((s) => s.id === d.stage_id);
      deltas.push(...contribution(this.#statsOf(d, stage), -1));
    }
    await applyStats(this.db, companyId, deltas);
    for (const d of gone) {
      await recordAudit(this.db, {
        ...this.author.audit,
        action: 'deal.delete',
        entity: 'deal',
        entityId: d.id,
        companyId,
        before: { title: d.title, amount: fromCents(d.amount_cents), currency: d.currency, status: d.status },
      });
      await this.#record({ type: 'deal.deleted', id: d.id, version: d.version, data: feedData(d) });
    }
    return [...deleted];
  }

  /** A note on the deal's timeline, with a `deal.note_added` change (the deal's version stays). Answers the note's id. */
  async note(deal: { id: number; version: number }, body: string): Promise<number> {
    const noteId = await insertDealNote(this.db, { ...this.#entry(deal.id, 'note', now()), body });
    await this.#record({
      type: 'deal.note_added',
      id: deal.id,
      version: deal.version,
      data: { note_id: noteId, body },
    });
    return noteId;
  }

  /** The rules between fields, checked against the company's data; answers the deal's stage. */
  async #check(input: DealInput, current: StoredDeal | null): Promise<StageRow> {
    const changedField = (f: keyof DealInput) => current === null || !same(current[f], input[f]);
    const stage = stageOfPipeline(await this.stagesOf(input.pipeline_id), input.stage_id);
    if (input.owner_id !== null && changedField('owner_id')) await this.#assertMember(input.owner_id);
    const organisationId = changedField('organisation_id') ? input.organisation_id : null;
    const customerIds = changedField('customer_ids') ? input.customer_ids : [];
    const wanted = [...(organisationId !== null ? [organisationId] : []), ...customerIds];
    assertParties(await customerTypes(this.db, this.author.companyId, wanted), organisationId, customerIds);
    return stage;
  }

  async #isMember(userId: number): Promise<boolean> {
    let member = this.#members.get(userId);
    if (member === undefined) {
      member = await isMember(this.db, this.author.companyId, userId);
      this.#members.set(userId, member);
    }
    return member;
  }

  async #assertMember(userId: number): Promise<void> {
    if (!(await this.#isMember(userId)))
      throw invalidField('owner_id', 'not_member', 'The owner must be a member of the company.');
  }

  async #position(
    deal: Pick<DealInput, 'pipeline_id' | 'stage_id'>,
    placement: Placement,
    movingId: number | null,
  ) {
    const column = { companyId: this.author.companyId, pipelineId: deal.pipeline_id, stageId: deal.stage_id };
    const position = await positionFor(this.db, column, placement, movingId);
    if (position === undefined) {
      const field = placement.kind === 'before' ? 'before_id' : 'after_id';
      throw invalidField(field, 'not_in_stage', 'Place the deal next to a deal of the same stage.');
    }
    return position;
  }

  /**
   * The stages a move enters, for the stage conversion: moving forward (open stages in
   * order, then the won stage) passes every stage between; any other move enters only its stage.
   */
  async #entries(before: StoredDeal, after: StoredDeal, at: string): Promise<StatsDelta[]> {
    const flow = (await this.stagesOf(after.pipeline_id)).filter((s) => s.kind !== 'lost');
    const from =
      before.pipeline_id === after.pipeline_id ? flow.findIndex((s) => s.id === before.stage_id) : -1;
    const to = flow.findIndex((s) => s.id === after.stage_id);
    const ids = from >= 0 && to > from ? flow.slice(from + 1, to + 1).map((s) => s.id) : [after.stage_id];
    return entered(after.pipeline_id, after.owner_id, ids, at);
  }

  /** The deal on the timelines of its organisation and people (see insertCustomerDealEntries). */
  #onCustomerTimelines(deal: DealInput, kind: 'deal_created' | 'deal_won' | 'deal_lost', at: string) {
    return insertCustomerDealEntries(this.db, this.author.companyId, partiesOf(deal), {
      kind,
      title: deal.title,
      ...this.author.timeline,
      at,
    });
  }

  #statsOf(deal: Omit<StoredDeal, 'id'>, stage: StageRow | undefined) {
    return { ...deal, probability: deal.probability ?? stage?.probability ?? 0 };
  }

  #columns(d: Omit<StoredDeal, 'id'>) {
    return {
      pipeline_id: d.pipeline_id,
      stage_id: d.stage_id,
      title: d.title,
      sort_title: foldWords(d.title),
      amount_cents: d.amount_cents,
      currency: d.currency,
      status: d.status,
      probability: d.probability,
      expected_close_date: d.expected_close_date,
      owner_id: d.owner_id,
      organisation_id: d.organisation_id,
      lost_reason: d.lost_reason,
      closed_at: d.closed_at,
      tags: JSON.stringify(d.tags),
      notes: d.notes,
    };
  }

  /**
   * The columns whose values differ: an UPDATE that leaves the others out leaves their
   * indexes alone on SQLite (a move touches the board's indexes, not the title's or the owner's).
   */
  #changedColumns(current: StoredDeal, next: StoredDeal) {
    const before: Record<string, unknown> = {
      ...this.#columns(current),
      stage_entered_at: current.stage_entered_at,
      position: current.position,
    };
    const after = {
      ...this.#columns(next),
      stage_entered_at: next.stage_entered_at,
      position: next.position,
    };
    return Object.fromEntries(
      Object.entries(after).filter(([column, value]) => before[column] !== value),
    ) as Partial<typeof after>;
  }

  #entry(
    dealId: number,
    kind: NewDealActivity['kind'],
    at: string,
    changes: string | null = null,
  ): NewDealActivity {
    return {
      company_id: this.author.companyId,
      deal_id: dealId,
      kind,
      body: null,
      changes,
      ...this.author.timeline,
      created_at: at,
    };
  }

  async #record(
    change: {
      type: ChangeType;
      id: number;
      version: number;
      changes?: FieldChange[];
      data?: Record<string, unknown>;
    },
    entry?: NewDealActivity,
    stats?: CompiledQuery,
  ): Promise<void> {
    const along = [...(stats ? [stats] : []), ...(entry ? [insertDealActivity(this.db, entry)] : [])];
    await recordChange(
      this.db,
      {
        companyId: this.author.companyId,
        type: change.type,
        entity: { type: 'deal', id: change.id },
        version: change.version,
        actor: this.author.change,
        changes: change.changes ?? null,
        data: change.data ?? null,
      },
      along,
    );
  }
}

const now = () => new Date().toISOString();
