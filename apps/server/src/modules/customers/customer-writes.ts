import type { FieldChange } from '@kontora/contract/change-feed';
import type { Customer, CustomerStatus, CustomerUpdateBody } from '@kontora/contract/customers';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { admittedWrite } from '../../lib/csv-import/company-hold.ts';
import { invalidField } from '../../lib/errors.ts';
import type { RecordAuthor } from '../../lib/record-author.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type ChangeFeedSwitch, type ChangeInput, recordChange } from '../change-feed/change-feed.service.ts';
import {
  type CustomPlan,
  type KeptValues,
  type OptionMergeChange,
  type OptionMergePlan,
  ownValuesOfNew,
  planCustomValues,
  restoreKeptValues,
  writeCustomValues,
  writeMergedValues,
} from '../custom-fields/custom-fields.service.ts';
import { isMember } from '../members/members.service.ts';
import {
  applyUpdate,
  assertFits,
  changedFields,
  changeList,
  patchFor,
  stale,
  type Versioned,
} from './customer-apply.ts';
import type { DerivedColumns } from './customer-derived-columns.ts';
import { type EditableCustomer, newCustomerRow } from './customer-dto.ts';
import { type ImportedUpdate, updateImported } from './customer-writes-imported.ts';
import {
  addToCounts,
  bumpVersionsOf,
  deleteCustomersReturning,
  insertCustomers,
  replaceTags,
  setStatusOf,
  updateCustomerIfVersion,
} from './customers.repository.ts';
import {
  deleteMerged,
  insertStoredCustomers,
  insertTags,
  type StoredCustomer,
} from './duplicates/customer-merge.repository.ts';
import { customersChanged } from './list/customer-page-cache.ts';
import { searchText } from './list/customer-search.ts';
import { refreshSearchText } from './list/customer-search-refresh.ts';
import {
  applyLinks,
  planLinkChange,
  planLinks,
  type WantedLinks,
  wantedLinks,
} from './organisations/customer-organisation-links.ts';
import { insertLinks } from './organisations/customer-organisations.repository.ts';
import {
  activitiesInsert,
  insertActivities,
  type NewActivity,
} from './timeline/customer-activities.repository.ts';

/**
 * The one door through which customers are written: what happens when a
 * customer changes lives here. Every write of a customer row (the edit form,
 * bulk actions, the CSV import, merge and its undo, the CRM connectors) goes
 * through a session of `writeCustomers`, which owns, for each write:
 * - the checks (the fields fit together, the owner is a member, the version
 *   is still the one the writer read: 409 `stale_update` otherwise),
 * - the row, its tags and its derived columns (customer-apply.ts), its values of the
 *   company's own fields (checked and stored by the custom-fields service), and its search
 *   words with those of its own text values (list/customer-search-refresh.ts),
 * - the timeline entry (`customer_activities`), sent to the database in one
 *   statement with the change-feed row (`recordChange`'s `along`),
 * - the audit of deletions,
 * - and, after the commit, the eviction of the company's customer list cache.
 * Batch forms (import, bulk) take the same steps per row in fewer statements.
 */

export { stale } from './customer-apply.ts';

/** How a change is named on the timeline and in the feed (an edit, or a merge and its undo). */
export interface ChangeKind {
  kind: 'updated' | 'merged' | 'merge_undone';
  type: 'customer.updated' | 'customer.merged' | 'customer.merge_undone';
  body?: string | null;
  data?: Record<string, unknown>;
}
const EDIT: ChangeKind = { kind: 'updated', type: 'customer.updated' };

/**
 * An import saving in short transactions behind a switch (docs/decisions/098-import-behind-a-switch.md):
 * the new customers of its batches are written marked with the import (hidden from every read
 * until the flip), their timeline entries with them, and what the feed is to say is held until
 * the flip (`importApplied`), which says it in the batches' order.
 */
export interface ImportMarker {
  importId: number;
  /**
   * The feed's batch the transactions now written belong to: the flip records one entry per kind
   * and feed batch, so subscribers get the batches a save in one transaction gives (decision 068)
   * however many transactions wrote them.
   */
  window: number;
  /** In the batches' order: ids of new rows (the file's, or organisations they named), and lines whose planned updates the flip applies. */
  held: (
    | { window: number; kind: 'rows' | 'organisations'; ids: number[] }
    | { window: number; kind: 'updates'; from: number; to: number }
  )[];
  /** The marked rows by counter (`status` or `month`, then the value): the flip counts them. */
  counts: Map<string, number>;
}

export function importMarker(importId: number): ImportMarker {
  return { importId, window: 0, held: [], counts: new Map() };
}

/** What the flip records per feed batch of an import saved behind the switch, in the batches' order. */
export interface HeldWindow {
  rows: number[];
  organisations: number[];
  /** The file's lines whose planned updates this batch applies. */
  updates: { from: number; to: number } | null;
}

export function heldWindows(marker: ImportMarker): HeldWindow[] {
  const windows: HeldWindow[] = [];
  for (let i = 0; i < marker.held.length; ) {
    const at = marker.held[i]?.window;
    const window: HeldWindow = { rows: [], organisations: [], updates: null };
    for (let step = marker.held[i]; step && step.window === at; step = marker.held[++i]) {
      if (step.kind === 'updates') window.updates = { from: window.updates?.from ?? step.from, to: step.to };
      else window[step.kind].push(...step.ids);
    }
    windows.push(window);
  }
  return windows;
}

/** What `customer.import_finished` says. */
export type ImportFinishedCounts = {
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
};

export type BulkAction = { action: 'set_status'; status: CustomerStatus } | { action: 'delete' };

/**
 * Runs `work` in one transaction with a write session; after the commit, a
 * company whose customers were written has its list cache evicted (a reader
 * between write and commit would otherwise cache the old state).
 */
export async function writeCustomers<T>(
  { db, caches, benchOnlyChangeFeed }: Pick<AppContext, 'db' | 'caches' | 'benchOnlyChangeFeed'>,
  author: RecordAuthor,
  work: (writes: CustomerWrites, trx: Database) => Promise<T>,
  marker?: ImportMarker,
): Promise<T> {
  let writes: CustomerWrites | undefined;
  // While an import finishes in chunks, the company's writes wait before taking the connection.
  const result = await admittedWrite(author.companyId, () =>
    db.transaction().execute(async (trx) => {
      const session = new CustomerWrites(trx, author, benchOnlyChangeFeed, marker);
      writes = session;
      const result = await work(session, trx);
      await session.finishSearch();
      return result;
    }),
  );
  if (writes?.wrote) customersChanged(caches, author.companyId);
  return result;
}

/** The writes of one transaction; made by `writeCustomers` only. */
export class CustomerWrites {
  #wrote = false;
  readonly #members = new Map<number, boolean>();
  /** Customers whose search words may have changed: made again before the commit. */
  readonly #searchStale = new Set<number>();

  readonly db: Database;
  readonly author: RecordAuthor;
  readonly #feed: ChangeFeedSwitch;
  readonly #marker: ImportMarker | undefined;

  constructor(db: Database, author: RecordAuthor, feed: ChangeFeedSwitch, marker?: ImportMarker) {
    this.db = db;
    this.author = author;
    this.#feed = feed;
    this.#marker = marker;
  }

  /** The import whose batch this session writes, when its rows are marked (it reads them, others do not). */
  get importId(): number | undefined {
    return this.#marker?.importId;
  }

  /**
   * Makes the search words of the customers written again, own text values included
   * (docs/decisions/084-own-text-values-searched.md); `writeCustomers` calls it after the work.
   */
  async finishSearch(): Promise<void> {
    if (this.#searchStale.size === 0) return;
    const ids = [...this.#searchStale];
    this.#searchStale.clear();
    await refreshSearchText(this.db, this.author.companyId, ids);
  }

  /**
   * The search words of these customers again (a field's values hidden or shown): nothing
   * else of them changes, so no version, timeline or feed entry. Answers how many changed.
   */
  async refreshSearch(ids: readonly number[]): Promise<number> {
    const written = await refreshSearchText(this.db, this.author.companyId, ids);
    if (written > 0) this.#wrote = true;
    return written;
  }

  /** Whether anything was written (the list cache is evicted after the commit then). */
  get wrote(): boolean {
    return this.#wrote;
  }

  /**
   * A new customer, with the organisations it belongs to and its custom values (defaults
   * fill fields left out): a `created` timeline entry (listing the organisations joined)
   * and a `customer.created` change. Answers its id.
   */
  async create(
    fields: EditableCustomer,
    organisations?: WantedLinks,
    custom?: Record<string, unknown>,
  ): Promise<number> {
    await this.#assertOwners([fields.owner_id]);
    const at = now();
    const { companyId } = this.author;
    const values = await planCustomValues(this.db, companyId, 'customer', null, custom);
    const person = { id: null, type: fields.type };
    const links = organisations && (await planLinks(this.db, companyId, person, [], organisations, at));
    const [id] = await insertCustomers(this.db, [this.#newRow(fields, at, values)], [fields.tags]);
    if (id === undefined) throw new Error('insert answered no id');
    this.#wrote = true;
    if (links) await applyLinks(this.db, companyId, id, links);
    if (values.fieldIds.length && !values.searched) this.#searchStale.add(id);
    const organisation_ids = links?.links.map((l) => l.organisation_id) ?? [];
    const joined = links?.changes.length ? JSON.stringify(links.changes) : null;
    await this.#record(
      {
        type: 'customer.created',
        entity: { type: 'customer', id },
        version: 1,
        data: { ...fields, organisation_ids, custom: values.values },
      },
      [this.#entry(id, 'created', at, null, joined)],
    );
    return id;
  }

  /**
   * Many new customers (an import batch, a connector page): an `imported`
   * timeline entry each and one `customer.imported` change naming the ids
   * (feed readers get pages of ids, not one entry per row). `custom`: each row's own-field
   * values as checked for a new record (checkValues: defaults filled, required ones there).
   * `derived`: each row's derived columns where already made (newCustomerRow makes the others).
   * Answers the ids in order.
   */
  async importMany(
    rows: EditableCustomer[],
    custom: readonly CustomPlan[] = [],
    kind: 'rows' | 'organisations' = 'rows',
    derived: readonly (DerivedColumns | undefined)[] = [],
  ): Promise<number[]> {
    if (rows.length === 0) return [];
    await this.#assertOwners(rows.map((r) => r.owner_id));
    const at = now();
    const marker = this.#marker;
    const ids = await insertCustomers(
      this.db,
      rows.map((r, i) => {
        const row = this.#newRow(r, at, custom[i], derived[i]);
        return marker ? { ...row, import_id: marker.importId } : row;
      }),
      rows.map((r) => r.tags),
    );
    this.#wrote = true;
    custom.forEach((plan, i) => {
      const id = ids[i];
      if (id !== undefined && plan.fieldIds.length && !plan.searched) this.#searchStale.add(id);
    });
    const entries = ids.map((id) => this.#entry(id, 'imported', at));
    if (!marker) await this.#record(importedChange(ids), entries);
    else {
      // Hidden with their customers until the flip, which records the change.
      await insertActivities(this.db, entries);
      marker.held.push({ window: marker.window, kind, ids });
      const count = (key: string) => marker.counts.set(key, (marker.counts.get(key) ?? 0) + 1);
      for (const r of rows) count(`status\t${r.status}`);
      for (const _ of rows) count(`month\t${at.slice(0, 7)}`);
    }
    return ids;
  }

  /**
   * The flip of an import saved behind a switch that planned no updates (`marker`, once its
   * state is `applied`): its rows counted, then per feed batch, in order, one `customer.imported`
   * for its new rows and one for the organisations they named, as one transaction's batch
   * records them. An import with updates finishes in chunks (import/customer-import-finish.ts).
   */
  async importApplied(marker: ImportMarker): Promise<void> {
    await this.countImported(marker.counts);
    for (const window of heldWindows(marker)) {
      await this.recordImported(window.rows);
      await this.recordImported(window.organisations);
    }
    this.#wrote = true;
  }

  /** An import's marked rows join the counters at its flip (`ImportMarker.counts`). */
  async countImported(counts: Iterable<[string, number]>): Promise<void> {
    await addToCounts(
      this.db,
      this.author.companyId,
      [...counts].map(([key, n]) => {
        const [dimension, value = ''] = key.split('\t');
        return { dimension: dimension === 'month' ? ('month' as const) : ('status' as const), value, n };
      }),
    );
  }

  /** One `customer.imported` naming rows an import saved behind the switch, at its flip (none: nothing). */
  async recordImported(ids: readonly number[]): Promise<void> {
    if (ids.length) await this.#record(importedChange([...ids]));
    this.#wrote = true;
  }

  /** One entry for a whole CSV import, after its batches: subscribers may wait for it instead. */
  async importFinished(counts: ImportFinishedCounts): Promise<void> {
    await this.#record({
      type: 'customer.import_finished',
      entity: { type: 'customer', id: null },
      data: counts,
    });
  }

  /** Imported people join the organisations their rows name (their `imported` entry stands for it). */
  async joinImported(people: { person_id: number; organisation_ids: number[] }[]): Promise<void> {
    const at = now();
    const { companyId } = this.author;
    await insertLinks(
      this.db,
      people.flatMap((p) =>
        p.organisation_ids.map((organisation_id, position) => ({
          company_id: companyId,
          person_id: p.person_id,
          organisation_id,
          role: null,
          position,
          created_at: at,
        })),
      ),
    );
  }

  /**
   * Gives `current` (as read at its version) the values of `after` (and of `custom`, the
   * company's own fields sent). Refuses values that do not fit together (400), an owner
   * who is not a member (400) and a customer changed since it was read (409). An edit that
   * changes nothing writes nothing; a merge and its undo are recorded anyway.
   * Answers what changed.
   */
  async change(
    current: Versioned,
    after: EditableCustomer,
    how: ChangeKind = EDIT,
    organisations?: WantedLinks,
    custom?: Record<string, unknown>,
  ): Promise<FieldChange[]> {
    assertFits(after);
    const values = await planCustomValues(this.db, this.author.companyId, 'customer', current.id, custom);
    return this.#change(current, after, how, organisations, values);
  }

  /**
   * A merge or its undo: `change` with the survivor's own-field values already planned by the
   * custom-fields service (copied from the chosen customers, or put back from the snapshot).
   */
  async mergeChange(
    current: Versioned,
    after: EditableCustomer,
    how: ChangeKind,
    organisations: WantedLinks | undefined,
    values: CustomPlan,
  ): Promise<FieldChange[]> {
    assertFits(after);
    return this.#change(current, after, how, organisations, values);
  }

  async #change(
    current: Versioned,
    after: EditableCustomer,
    how: ChangeKind,
    organisations: WantedLinks | undefined,
    values: CustomPlan,
  ): Promise<FieldChange[]> {
    const changed = changedFields(current, after);
    const at = now();
    // A person's organisations (organisations/customer-organisation-links.ts) change with the record.
    const links = await planLinkChange(
      this.db,
      this.author.companyId,
      current,
      after.type,
      organisations,
      at,
    );
    if (
      changed.length === 0 &&
      !links?.changes.length &&
      values.changes.length === 0 &&
      how.kind === 'updated'
    )
      return [];
    if (changed.includes('owner_id')) await this.#assertOwners([after.owner_id]);
    const patch = patchFor(after, changed, { userId: this.author.userId, at });
    const { companyId } = this.author;
    if (!(await updateCustomerIfVersion(this.db, companyId, current.id, current.version, patch)))
      throw stale();
    this.#wrote = true;
    if (changed.includes('tags')) await replaceTags(this.db, companyId, current.id, after.tags);
    if (links) await applyLinks(this.db, companyId, current.id, links);
    await writeCustomValues(this.db, companyId, current.id, values);
    if (values.fieldIds.length || patch.search_text !== undefined) this.#searchStale.add(current.id);
    const changes = [...changeList(current, after, changed), ...(links?.changes ?? []), ...values.changes];
    if (how.kind !== 'updated') await this.#auditMerge(current.id, after.name, how);
    await this.#record(
      {
        type: how.type,
        entity: { type: 'customer', id: current.id },
        version: current.version + 1,
        changes,
        ...(how.data ? { data: how.data } : {}),
      },
      [this.#entry(current.id, how.kind, at, how.body ?? null, JSON.stringify(changes), current.version + 1)],
    );
    return changes;
  }

  /**
   * An import batch's updates, each checked and written as `change` would, in fewer statements
   * (customer-writes-imported.ts). Answers the ids changed.
   */
  updateImported(updates: readonly ImportedUpdate[]): Promise<number[]> {
    return updateImported(
      {
        db: this.db,
        author: this.author,
        now,
        assertOwners: (owners) => this.#assertOwners(owners),
        entry: (...args) => this.#entry(...args),
        record: (change, entries) => this.#record(change, entries),
        wrote: () => {
          this.#wrote = true;
        },
        searchStale: (customerId) => this.#searchStale.add(customerId),
      },
      updates,
    );
  }

  /**
   * A batch of customers whose own select field had option `from` merged into `into`
   * (docs/decisions/076-field-deletion-merge-and-bulk.md): the values stored, a new version and an `updated` timeline entry
   * each, and one `customer.updated` change naming the ids (entity id null, as an import's
   * batch) with `{count, ids, merged_option: {field, from, into}}`.
   */
  async optionMerged(plan: OptionMergePlan, batch: OptionMergeChange[]): Promise<void> {
    if (batch.length === 0) return;
    const { companyId } = this.author;
    const at = now();
    const ids = batch.map((c) => c.recordId);
    const versions = await bumpVersionsOf(this.db, companyId, ids, { userId: this.author.userId, at });
    await writeMergedValues(this.db, companyId, plan, batch);
    this.#wrote = true;
    const field = `custom.${plan.field.key}`;
    await this.#record(
      {
        type: 'customer.updated',
        entity: { type: 'customer', id: null },
        data: { count: ids.length, ids, merged_option: { field, from: plan.from, into: plan.into } },
      },
      batch.map((c) =>
        this.#entry(c.recordId, 'updated', at, null, JSON.stringify([c.change]), versions.get(c.recordId)),
      ),
    );
  }

  /** `change` with the fields of an edit (those left out keep their values; a derived name follows its parts). */
  applyPatch(current: Versioned, body: Partial<CustomerUpdateBody>): Promise<FieldChange[]> {
    return this.change(current, applyUpdate(current, body), EDIT, wantedLinks(body), body.custom);
  }

  /**
   * Deletes customers (as read in this transaction), each audited with what it
   * was and with a `customer.deleted` change (their timelines go with them).
   * Answers the ids deleted: one deleted meanwhile is left out.
   */
  async delete(customers: Customer[]): Promise<number[]> {
    const { companyId } = this.author;
    const deleted = new Set(
      await deleteCustomersReturning(
        this.db,
        companyId,
        customers.map((c) => c.id),
      ),
    );
    for (const c of customers.filter((c) => deleted.has(c.id))) {
      this.#wrote = true;
      const by = this.author.systemName;
      await recordAudit(this.db, {
        ...this.author.audit,
        action: 'customer.delete',
        entity: 'customer',
        entityId: c.id,
        companyId,
        before: { name: c.name, email: c.email, status: c.status, ...(by ? { deleted_by: by } : {}) },
      });
      await this.#record({
        type: 'customer.deleted',
        entity: { type: 'customer', id: c.id },
        version: c.version,
        data: { ...c },
      });
    }
    return [...deleted];
  }

  /** One bulk action on customers read in this transaction (by ids or by the list's filter). */
  async bulk(action: BulkAction, found: readonly { id: number; status: CustomerStatus }[]): Promise<void> {
    if (action.action === 'delete') await this.deleteBulk(found.map((r) => r.id));
    else await this.setStatus(found, action.status);
  }

  /** A bulk deletion: one audit entry and one `customer.bulk_deleted` change for all (ids in the given order). */
  async deleteBulk(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const { companyId } = this.author;
    await deleteCustomersReturning(this.db, companyId, ids);
    this.#wrote = true;
    await recordAudit(this.db, {
      ...this.author.audit,
      action: 'customer.bulk_delete',
      entity: 'customer',
      entityId: null,
      companyId,
      before: { ids },
    });
    await this.#record({
      type: 'customer.bulk_deleted',
      entity: { type: 'customer', id: null },
      data: { count: ids.length, ids },
    });
  }

  /**
   * A bulk status change of customers read in this transaction: those whose
   * status differs get it, an `updated` timeline entry each and together one
   * `customer.bulk_updated` change. Answers the ids changed.
   */
  async setStatus(found: readonly { id: number; status: CustomerStatus }[], status: CustomerStatus) {
    const changing = found.filter((r) => r.status !== status);
    if (changing.length === 0) return [];
    const ids = changing.map((r) => r.id);
    const at = now();
    const versions = await setStatusOf(this.db, this.author.companyId, ids, status, {
      userId: this.author.userId,
      at,
    });
    this.#wrote = true;
    await recordAudit(this.db, {
      ...this.author.audit,
      action: 'customer.bulk_update',
      entity: 'customer',
      entityId: null,
      companyId: this.author.companyId,
      before: { ids, status: [...new Set(changing.map((r) => r.status))] },
      after: { ids, status },
    });
    await this.#record(
      {
        type: 'customer.bulk_updated',
        entity: { type: 'customer', id: null },
        data: {
          count: changing.length,
          ids,
          status,
          before: Object.fromEntries(changing.map((r) => [r.id, r.status])),
        },
      },
      changing.map((r) =>
        this.#entry(
          r.id,
          'updated',
          at,
          null,
          JSON.stringify([{ field: 'status', before: r.status, after: status }]),
          versions.get(r.id) ?? null,
        ),
      ),
    );
    return ids;
  }

  /**
   * A merge takes the merged customers away (recorded by the merge's own
   * change on the survivor, see `change` with `merged`). Answers how many
   * were still there.
   */
  async removeMerged(ids: number[]): Promise<number> {
    this.#wrote = true;
    return deleteMerged(this.db, this.author.companyId, ids);
  }

  /**
   * An undone merge puts the merged customers back as they were, with their ids, tags and the
   * stored rows of their own-field values (`values`, kept by the merge; absent in older merges).
   */
  async restoreMerged(
    rows: StoredCustomer[],
    tags: Record<string, string[]>,
    values?: KeptValues,
  ): Promise<void> {
    await this.#assertOwners(rows.map((r) => r.owner_id));
    this.#wrote = true;
    await insertStoredCustomers(this.db, rows);
    // Their kept words may name values of fields archived or deleted since the merge.
    for (const row of rows) this.#searchStale.add(row.id);
    await insertTags(this.db, this.author.companyId, tags);
    if (values) {
      const restored = new Set(rows.map((r) => String(r.id)));
      const theirs = Object.fromEntries(Object.entries(values).filter(([id]) => restored.has(id)));
      await restoreKeptValues(this.db, this.author.companyId, 'customer', theirs);
    }
  }

  /** A merge and its undo are kept in the audit log too: which customers went into which, and who did it. */
  async #auditMerge(survivorId: number, name: string, how: ChangeKind): Promise<void> {
    const merged = how.kind === 'merged';
    await recordAudit(this.db, {
      ...this.author.audit,
      action: merged ? 'customer.merge' : 'customer.merge_undo',
      entity: 'customer',
      entityId: survivorId,
      companyId: this.author.companyId,
      after: {
        name,
        ...(merged
          ? { merged_ids: how.data?.merged_ids, merged_names: how.body ?? null }
          : { restored_ids: how.data?.restored_ids, restored_names: how.body ?? null }),
      },
    });
  }

  /**
   * A new customer's row; with its own values' plan, its search words are made with the row:
   * reading them back and rewriting the row (its full-text and sort index entries again) cost
   * a create with values a third of its extra (decision 094).
   */
  #newRow(fields: EditableCustomer, at: string, custom?: CustomPlan, derived?: DerivedColumns) {
    const row = newCustomerRow(this.author.companyId, fields, { userId: this.author.userId, at }, derived);
    // Without own words the row's own search words stand (an import row's plan has none: `[]`).
    const valued = { ...row, own_values: ownValuesOfNew(custom) };
    return custom?.searched?.length ? { ...valued, search_text: searchText(row, custom.searched) } : valued;
  }

  #entry(
    customerId: number,
    kind: NewActivity['kind'],
    at: string,
    body: string | null = null,
    changes: string | null = null,
    version: number | null = null,
  ): NewActivity {
    return {
      company_id: this.author.companyId,
      customer_id: customerId,
      kind,
      body,
      changes,
      version,
      ...this.author.timeline,
      created_at: at,
    };
  }

  /** The change-feed row, with the timeline entries sent along in its statement. */
  async #record(
    change: Omit<ChangeInput, 'companyId' | 'actor'>,
    entries: NewActivity[] = [],
  ): Promise<void> {
    const along = await activitiesInsert(this.db, entries);
    await recordChange(
      this.db,
      { ...change, companyId: this.author.companyId, actor: this.author.change },
      along,
      this.#feed,
    );
  }

  async #assertOwners(owners: (number | null)[]): Promise<void> {
    for (const owner of new Set(owners)) {
      if (owner === null) continue;
      let member = this.#members.get(owner);
      if (member === undefined) {
        member = await isMember(this.db, this.author.companyId, owner);
        this.#members.set(owner, member);
      }
      if (!member) throw invalidField('owner_id', 'not_member', 'The owner must be a member of the company.');
    }
  }
}

const now = () => new Date().toISOString();

/** One batch of imported customers in the feed: their ids, not one entry per row. */
const importedChange = (ids: number[]): Omit<ChangeInput, 'companyId' | 'actor'> => ({
  type: 'customer.imported',
  entity: { type: 'customer', id: null },
  data: { count: ids.length, ids },
});
