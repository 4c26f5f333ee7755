import {
  DUPLICATE_LIMITS,
  MERGE_FIELDS,
  type MergeBody,
  type MergeResult,
  type UndoMergeResult,
} from '@kontora/contract/customer-duplicates';
import { customerProblems } from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/database.ts';
import { type Actor, authorIdOf } from '../../../lib/actor.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { authorOfActor } from '../../../lib/record-author.ts';
import {
  type KeptValues,
  keptValues,
  mergedValuesPlan,
  restoredValuesPlan,
} from '../../custom-fields/custom-fields.service.ts';
import { isMember } from '../../members/members.service.ts';
import { EDITABLE_FIELDS, type EditableCustomer, parseTags } from '../customer-dto.ts';
import { stale, writeCustomers } from '../customer-writes.ts';
import { getCustomer } from '../customers.service.ts';
import {
  findMerge,
  findStoredCustomers,
  idsByCustomer,
  insertMerge,
  markUndone,
  moveRows,
  type StoredCustomer,
  tagsOf,
} from './customer-merge.repository.ts';
import { carryLinks, type MergeLinks, restoreLinks } from './customer-merge-links.ts';

/** What an undo needs: the rows as they were and what moved from each merged customer. */
interface MergeSnapshot {
  survivor: StoredCustomer;
  merged: StoredCustomer[];
  tags: Record<string, string[]>;
  activities: Record<string, number[]>;
  events: Record<string, number[]>;
  /** Absent in merges made before people at organisations existed. */
  links?: MergeLinks;
  /**
   * Every customer's stored own-field rows (survivor and merged, archived fields too), put back
   * exactly by the undo. Absent in merges made before own fields took part in them.
   */
  values?: KeptValues;
}

const DAY = 86_400_000;
const editable = (row: StoredCustomer): EditableCustomer => {
  const out = {} as Record<string, unknown>;
  for (const f of EDITABLE_FIELDS) out[f] = f === 'tags' ? parseTags(row.tags) : row[f];
  return out as EditableCustomer;
};
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The survivor's values: a field chosen in `fields` comes from that customer; the others from
 * the most recently updated customer that has one (the survivor first on a tie). Tags are united.
 */
export function survivingValues(
  survivor: StoredCustomer,
  all: StoredCustomer[],
  fields: MergeBody['fields'],
) {
  const byId = new Map(all.map((r) => [r.id, editable(r)]));
  const recent = [...all].sort(
    (a, b) =>
      String(b.updated_at).localeCompare(String(a.updated_at)) ||
      Number(b.id === survivor.id) - Number(a.id === survivor.id),
  );
  const result = editable(survivor);
  for (const field of MERGE_FIELDS) {
    const chosen = fields[field];
    const source =
      chosen !== undefined
        ? byId.get(chosen)
        : recent.map((r) => byId.get(r.id)).find((c) => c && !isEmpty(c[field]));
    if (source) Object.assign(result, { [field]: source[field] });
  }
  const tags = new Set<string>();
  for (const r of [survivor, ...all.filter((r) => r.id !== survivor.id)]) {
    for (const tag of parseTags(r.tags)) tags.add(tag);
  }
  result.tags = [...tags];
  return result;
}

export async function mergeCustomers(ctx: AppContext, actor: Actor, body: MergeBody): Promise<MergeResult> {
  const companyId = actor.companyId;
  const ids = [body.survivor_id, ...body.merged_ids];
  const at = new Date().toISOString();
  const mergeId = await writeCustomers(ctx, authorOfActor(actor), async (w, trx) => {
    const rows = await findStoredCustomers(trx, companyId, ids);
    if (rows.length !== ids.length) throw notFound('Customer');
    if (rows.some((r) => r.version !== body.versions[String(r.id)])) throw stale();
    const survivor = rows.find((r) => r.id === body.survivor_id) as StoredCustomer;
    const merged = rows.filter((r) => r.id !== body.survivor_id);
    const after = survivingValues(survivor, rows, body.fields);
    const problems = customerProblems(after);
    if (Object.keys(problems).length) {
      throw new AppError(400, 'validation_failed', 'The chosen values do not fit together.', {
        details: problems,
      });
    }
    if (after.owner_id !== null && !(await isMember(trx, companyId, after.owner_id))) after.owner_id = null;
    const values = await keptValues(trx, companyId, 'customer', ids);
    const custom = await mergedValuesPlan(trx, companyId, 'customer', values, {
      survivorId: survivor.id,
      mergedIds: body.merged_ids,
      choices: body.custom,
    });
    const snapshot: MergeSnapshot = {
      survivor,
      merged,
      tags: await tagsOf(trx, companyId, body.merged_ids),
      activities: await idsByCustomer(trx, 'customer_activities', companyId, body.merged_ids),
      events: await idsByCustomer(trx, 'events', companyId, body.merged_ids),
      values,
    };
    const links = await carryLinks(trx, companyId, { id: survivor.id, type: after.type }, body.merged_ids);
    snapshot.links = links.snapshot;
    const movedActivities = Object.values(snapshot.activities).flat();
    const movedEvents = Object.values(snapshot.events).flat();
    await moveRows(trx, 'customer_activities', companyId, movedActivities, body.merged_ids, survivor.id);
    await moveRows(trx, 'events', companyId, movedEvents, body.merged_ids, survivor.id);
    if ((await w.removeMerged(body.merged_ids)) !== body.merged_ids.length) throw stale();
    const id = await insertMerge(trx, {
      company_id: companyId,
      survivor_id: survivor.id,
      merged_ids: JSON.stringify(body.merged_ids),
      snapshot: JSON.stringify(snapshot),
      survivor_version: survivor.version + 1,
      created_by: authorIdOf(actor),
      created_at: at,
    });
    await w.mergeChange(
      { ...editable(survivor), id: survivor.id, version: survivor.version },
      after,
      {
        kind: 'merged',
        type: 'customer.merged',
        body: merged.map((r) => r.name).join(', '),
        data: {
          merge_id: id,
          merged_ids: body.merged_ids,
          merged: merged.map((r) => editable(r)),
          moved_events: movedEvents,
        },
      },
      links.survivorLinks,
      custom,
    );
    return id;
  });
  return {
    merge_id: mergeId,
    survivor: await getCustomer(ctx, companyId, body.survivor_id),
    merged_ids: body.merged_ids,
    undo_until: new Date(Date.parse(at) + DUPLICATE_LIMITS.undoDays * DAY).toISOString(),
  };
}

const conflict = (message: string) => new AppError(409, 'conflict', message);

/** Owners who left the company since the merge are not restored (the customer keeps no owner). */
async function withMembersOnly(db: Database, companyId: number, rows: StoredCustomer[]) {
  for (const row of rows) {
    if (row.owner_id !== null && !(await isMember(db, companyId, row.owner_id))) row.owner_id = null;
  }
  return rows;
}

export async function undoMerge(ctx: AppContext, actor: Actor, mergeId: number): Promise<UndoMergeResult> {
  const companyId = actor.companyId;
  const at = new Date().toISOString();
  const result = await writeCustomers(ctx, authorOfActor(actor), async (w, trx) => {
    const merge = await findMerge(trx, companyId, mergeId);
    if (!merge) throw notFound('Merge');
    if (merge.undone_at) throw conflict('This merge has already been undone.');
    if (Date.parse(String(merge.created_at)) + DUPLICATE_LIMITS.undoDays * DAY < Date.now()) {
      throw conflict(`A merge can be undone for ${DUPLICATE_LIMITS.undoDays} days only.`);
    }
    const snapshot = JSON.parse(merge.snapshot) as MergeSnapshot;
    const [current] = await findStoredCustomers(trx, companyId, [merge.survivor_id]);
    if (!current) throw notFound('Customer');
    if (current.version !== merge.survivor_version) throw stale();
    const restoredIds = snapshot.merged.map((r) => r.id);
    if ((await findStoredCustomers(trx, companyId, restoredIds)).length) {
      throw conflict('A merged customer exists again.');
    }
    const restored = await withMembersOnly(
      trx,
      companyId,
      snapshot.merged.map((r) => ({
        ...r,
        version: r.version + 1,
        updated_at: at,
        updated_by: authorIdOf(actor),
      })),
    );
    await w.restoreMerged(restored, snapshot.tags, snapshot.values);
    for (const id of restoredIds) {
      const back = [current.id];
      await moveRows(trx, 'customer_activities', companyId, snapshot.activities[String(id)] ?? [], back, id);
      await moveRows(trx, 'events', companyId, snapshot.events[String(id)] ?? [], back, id);
    }
    const survivorLinks = await restoreLinks(trx, companyId, current.id, restoredIds, snapshot.links);
    const [previous] = await withMembersOnly(trx, companyId, [{ ...snapshot.survivor }]);
    if (!(await markUndone(trx, companyId, mergeId, authorIdOf(actor), at))) {
      throw conflict('This merge has already been undone.');
    }
    // The survivor's own values as they were before the merge (left alone by older merges).
    const kept = snapshot.values?.[String(current.id)];
    const custom = kept
      ? await restoredValuesPlan(trx, companyId, 'customer', current.id, kept)
      : { record: 'customer' as const, changes: [], values: {}, fieldIds: [], rows: [] };
    await w.mergeChange(
      { ...editable(current), id: current.id, version: current.version },
      editable(previous as StoredCustomer),
      {
        kind: 'merge_undone',
        type: 'customer.merge_undone',
        body: snapshot.merged.map((r) => r.name).join(', '),
        data: { merge_id: mergeId, restored_ids: restoredIds },
      },
      previous?.type === 'person' ? survivorLinks : undefined,
      custom,
    );
    return { survivorId: current.id, restoredIds };
  });
  return {
    survivor: await getCustomer(ctx, companyId, result.survivorId),
    restored_ids: result.restoredIds,
  };
}
