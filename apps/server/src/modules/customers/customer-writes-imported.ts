import type { Database } from '../../db/database.ts';
import type { RecordAuthor } from '../../lib/record-author.ts';
import type { ChangeInput } from '../change-feed/change-feed.service.ts';
import { type CustomPlan, writeCustomValues } from '../custom-fields/custom-fields.service.ts';
import { assertFits, changedFields, changeList, patchFor, stale, type Versioned } from './customer-apply.ts';
import type { EditableCustomer } from './customer-dto.ts';
import { replaceTagsOfMany } from './customers.repository.ts';
import { updateCustomersIfVersion } from './customers-versioned-update.repository.ts';
import { applyLinks, planLinkChange, type WantedLinks } from './organisations/customer-organisation-links.ts';
import type { NewActivity } from './timeline/customer-activities.repository.ts';

/**
 * The batched update path of CSV imports, kept beside the write door (customer-writes.ts) and
 * reached only through it (`CustomerWrites.updateImported`): the session hands in its own
 * checks, timeline entries and change recording, so an import's update is still written by
 * the one door.
 */

/** One matched row of an import: the customer as read, what it becomes, its organisations and own values. */
export interface ImportedUpdate {
  current: Versioned;
  after: EditableCustomer;
  organisations?: WantedLinks;
  custom?: CustomPlan;
}

/** What the write session lends this path: its transaction, author and private steps. */
export interface ImportedUpdateSession {
  db: Database;
  author: RecordAuthor;
  now: () => string;
  assertOwners: (owners: (number | null)[]) => Promise<void>;
  entry: (
    customerId: number,
    kind: NewActivity['kind'],
    at: string,
    body?: string | null,
    changes?: string | null,
    version?: number | null,
  ) => NewActivity;
  record: (change: Omit<ChangeInput, 'companyId' | 'actor'>, entries?: NewActivity[]) => Promise<void>;
  /** Marks the session as having written (its company's list cache is evicted after the commit). */
  wrote: () => void;
  /** Notes a customer whose search words must be rebuilt before the commit. */
  searchStale: (customerId: number) => void;
}

/**
 * An import batch's updates: each checked and written as `change` would (row, tags,
 * organisations, an `updated` timeline entry with its field changes), in fewer statements,
 * and together one `customer.updated` change naming the ids (docs/decisions/068-staged-imports.md:
 * subscribers get batches, not one message per row). `custom`: the row's own-field values as
 * checked against what the customer held (checkValues). Answers the ids changed.
 */
export async function updateImported(
  session: ImportedUpdateSession,
  updates: readonly ImportedUpdate[],
): Promise<number[]> {
  const { db } = session;
  const { companyId, userId } = session.author;
  const at = session.now();
  const planned = [];
  for (const u of updates) {
    assertFits(u.after);
    const changed = changedFields(u.current, u.after);
    const links = await planLinkChange(db, companyId, u.current, u.after.type, u.organisations, at);
    if (changed.length || links?.changes.length || u.custom?.changes.length)
      planned.push({ ...u, changed, links });
  }
  await session.assertOwners(
    planned.flatMap((p) => (p.changed.includes('owner_id') ? [p.after.owner_id] : [])),
  );
  const patches = planned.map((p) => ({
    id: p.current.id,
    version: p.current.version,
    patch: patchFor(p.after, p.changed, { userId, at }),
  }));
  // The rows in few statements (one per set of columns changed), each at the version it was read at.
  if ((await updateCustomersIfVersion(db, companyId, patches)) < patches.length) throw stale();
  const entries: NewActivity[] = [];
  for (const [i, { current, after, changed, links, custom }] of planned.entries()) {
    if (links) await applyLinks(db, companyId, current.id, links);
    if (custom) await writeCustomValues(db, companyId, current.id, custom);
    if (custom?.fieldIds.length || patches[i]?.patch.search_text !== undefined)
      session.searchStale(current.id);
    const list = [
      ...changeList(current, after, changed),
      ...(links?.changes ?? []),
      ...(custom?.changes ?? []),
    ];
    const version = current.version + 1;
    entries.push(session.entry(current.id, 'updated', at, null, JSON.stringify(list), version));
  }
  if (planned.length) session.wrote();
  // A customer updated twice in the batch (matched by id, then by email) keeps its last tags.
  const tags = new Map(
    planned.filter((p) => p.changed.includes('tags')).map((p) => [p.current.id, p.after.tags]),
  );
  await replaceTagsOfMany(
    db,
    companyId,
    [...tags].map(([id, tags]) => ({ id, tags })),
  );
  if (planned.length === 0) return [];
  const ids = [...new Set(planned.map((p) => p.current.id))];
  await session.record(
    { type: 'customer.updated', entity: { type: 'customer', id: null }, data: { count: ids.length, ids } },
    entries,
  );
  return ids;
}
