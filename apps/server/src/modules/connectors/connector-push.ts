import type { ChangeEntry } from '@kontora/contract/change-feed';
import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';
import { pushDeals } from './connector-deal-push.ts';
import { ConnectorPausedError, errorText } from './connector-errors.ts';
import type { PullScope } from './connector-pull.ts';
import { pushCustomers, pushLog } from './connector-push-records.ts';
import { deleteLinks, insertLog, linksByCustomer, updateConnector } from './connectors.repository.ts';

/** Feed entries one push step reads; its position is saved after each step. */
const FEED_PAGE = 500;

/**
 * The customers an entry asks to push (upserts) or to delete remotely. A
 * merge pushes its survivor and deletes the customers merged away (their
 * remote records would otherwise stay, duplicates of the survivor's); undoing
 * it pushes the survivor and the restored customers, which come back unlinked
 * and are created again.
 */
export function touched(entry: ChangeEntry): { upserts: number[]; deletes: number[] } {
  const data = entry.data as { ids?: number[]; merged_ids?: number[]; restored_ids?: number[] } | null;
  const id = entry.entity.id;
  const own = id === null ? [] : [id];
  switch (entry.type) {
    case 'customer.created':
      return { upserts: own, deletes: [] };
    case 'customer.updated':
      // An import's updates come as one entry per batch naming the ids (entity id null).
      return { upserts: [...own, ...(data?.ids ?? [])], deletes: [] };
    case 'customer.merged':
      return { upserts: own, deletes: data?.merged_ids ?? [] };
    case 'customer.merge_undone':
      return { upserts: [...own, ...(data?.restored_ids ?? [])], deletes: [] };
    case 'customer.imported':
      return { upserts: data?.ids ?? [], deletes: [] };
    case 'customer.deleted':
      return { upserts: [], deletes: own };
    case 'customer.bulk_deleted':
      return { upserts: [], deletes: data?.ids ?? [] };
    default:
      return { upserts: [], deletes: [] };
  }
}

/**
 * The deals an entry asks to push or to delete remotely: its own, or for a change of many
 * deals at once (entity id null: an import's batch, an own field's options merged) those named
 * in `data.ids`. An import's closing `deal.import_finished` names none.
 */
export function touchedDeals(entry: ChangeEntry): { upserts: number[]; deletes: number[] } {
  const many = (entry.data as { ids?: number[] } | null)?.ids ?? [];
  const ids = entry.entity.id === null ? many : [entry.entity.id];
  return entry.type === 'deal.deleted' ? { upserts: [], deletes: ids } : { upserts: ids, deletes: [] };
}

/** Takes an entry's ids into the records to push and to delete: the later entry decides. */
function follow(
  pending: { upserts: Set<number>; deletes: Set<number> },
  entry: { upserts: number[]; deletes: number[] },
): void {
  for (const id of entry.upserts) {
    pending.upserts.add(id);
    pending.deletes.delete(id);
  }
  for (const id of entry.deletes) {
    pending.deletes.add(id);
    pending.upserts.delete(id);
  }
}

/**
 * Pushes the company's customer and deal changes made since the connector's
 * feed position, except its own (named by its actor): customers' creates and
 * updates in batches (connector-push-records.ts), deletions one by one, then
 * the deals (connector-deal-push.ts); the position saved after each step.
 */
export async function pushLocalChanges(
  ctx: AppContext,
  scope: PullScope,
  after: number,
  counts: ConnectorCounts,
  onStep: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const { actor, connectorId, client } = scope;
  const companyId = actor.companyId;
  let position = after;
  for (;;) {
    const entries = await readChanges(ctx, companyId, position, FEED_PAGE);
    if (entries.length === 0) return;
    const customers = { upserts: new Set<number>(), deletes: new Set<number>() };
    const deals = { upserts: new Set<number>(), deletes: new Set<number>() };
    for (const entry of entries) {
      if (entry.actor.kind === 'system' && entry.actor.name === actor.change.name) continue;
      // In feed order: a later entry decides (a merge undone restores what the merge deleted).
      if (entry.entity.type === 'deal') follow(deals, touchedDeals(entry));
      else follow(customers, touched(entry));
    }
    const { upserts, deletes } = customers;
    const log = pushLog(companyId, connectorId);
    for (const link of await linksByCustomer(ctx.db, companyId, connectorId, [...deletes])) {
      try {
        await client.remove(link.remote_type, link.remote_id, signal);
        await deleteLinks(ctx.db, companyId, [link.id]);
        log.note('deleted', link, link.customer_id, 'Deleted in Kontora; deleted remotely.');
      } catch (err) {
        if (signal?.aborted || err instanceof ConnectorPausedError) throw err;
        counts.failed++;
        log.note('record_failed', link, link.customer_id, errorText(err));
      }
    }
    await pushCustomers(ctx, scope, [...upserts], counts, log, signal);
    // After the customers: a new deal names the remote records of its organisation and people.
    await pushDeals(ctx, scope, [...deals.upserts], [...deals.deletes], counts, log.entries, signal);
    position = (entries.at(-1) as ChangeEntry).id;
    await ctx.db.transaction().execute(async (trx) => {
      await insertLog(trx, log.entries);
      await updateConnector(trx, companyId, connectorId, { push_after: position });
    });
    await onStep();
    if (entries.length < FEED_PAGE) return;
  }
}
