import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import type {
  DealBulkBody,
  DealBulkFilterBody,
  DealBulkFilterResult,
  DealBulkResult,
  DealCount,
  DealMatchQuery,
} from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { detailsUnder, invalidField } from '../../lib/errors.ts';
import { authorOfActor } from '../../lib/record-author.ts';
import { customListPlan } from '../custom-fields/custom-fields.service.ts';
import type { StoredDeal } from './deal-dto.ts';
import { type DealListFilter, matchingDealIds } from './deal-list.repository.ts';
import { toDealFilter } from './deal-list.service.ts';
import { loadStoredDeals } from './deal-load.ts';
import { type DealWrites, writeDeals } from './deal-writes.ts';
import { selectStages } from './pipelines.repository.ts';

/**
 * Bulk actions on deals: by ids (up to 1000 a call) and by the list's filter (the deals it
 * matches, read in the transaction that changes them; decision 088), each deal through the
 * write door.
 */

/** Ids of other companies (or gone) are left alone and reported as not found. */
export async function bulkDeals(ctx: AppContext, actor: Actor, body: DealBulkBody): Promise<DealBulkResult> {
  const ids = [...new Set(body.ids)];
  return writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    const affected = await applyBulk(w, trx, actor.companyId, body, ids);
    const done = new Set(affected);
    return { action: body.action, affected, not_found: ids.filter((id) => !done.has(id)) };
  });
}

/** A bulk action without what it applies to (ids or a filter). */
type BulkAction = DealBulkBody extends infer B ? (B extends unknown ? Omit<B, 'ids'> : never) : never;

/** One bulk action on the company's deals with these ids, through the write door; answers the ids found. */
async function applyBulk(
  w: DealWrites,
  trx: Database,
  companyId: number,
  body: BulkAction,
  ids: number[],
): Promise<number[]> {
  const found = await loadStoredDeals(trx, companyId, ids);
  const byId = new Map(found.map((d) => [d.id, d]));
  const affected = ids.filter((id) => byId.has(id));
  const deals = affected.map((id) => byId.get(id) as StoredDeal);
  if (body.action === 'delete') await w.delete(deals);
  else if (body.action === 'set_custom') {
    // Each deal's values checked as its own edit; a refusal (400 `custom.{key}`) undoes all.
    for (const d of deals) await w.change(d, { ...d }, undefined, body.custom);
  } else if (body.action === 'set_owner') {
    for (const d of deals) await w.change(d, { ...d, owner_id: body.owner_id });
  } else {
    const stage = (await selectStages(trx, companyId)).find((s) => s.id === body.stage_id);
    if (!stage) throw invalidField('stage_id', 'not_found', 'No such stage.');
    for (const d of deals) await w.change(d, { ...d, pipeline_id: stage.pipeline_id, stage_id: stage.id });
  }
  return affected;
}

/** The list's filter as the list reads it (an unknown own field: 400 at `custom.{key}`). */
async function matchFilter(db: Database, companyId: number, match: DealMatchQuery): Promise<DealListFilter> {
  const custom = await customListPlan(db, companyId, 'deal', match, undefined);
  return { ...toDealFilter(match), custom };
}

/** How many deals match the list's filter: exact up to the cap, then "more" (never a full count). */
export async function countDeals(
  ctx: AppContext,
  companyId: number,
  match: DealMatchQuery,
): Promise<DealCount> {
  const cap = DEAL_LIMITS.matchCountMax;
  const ids = await matchingDealIds(ctx.db, companyId, await matchFilter(ctx.db, companyId, match), cap + 1);
  return ids.length > cap ? { count: cap, capped: true } : { count: ids.length, capped: false };
}

/**
 * A bulk action on every deal matching the list's filter, read in the transaction that
 * changes them: each deal through the write door as a bulk by ids does it. More than a call
 * by ids takes are refused whole (400 `too_many` at `filter`): the person narrows the filter.
 */
export async function bulkDealsByFilter(
  ctx: AppContext,
  actor: Actor,
  body: DealBulkFilterBody,
): Promise<DealBulkFilterResult> {
  return writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    // The filter's problems named as the body names them (`filter.custom.{key}`).
    const filter = await detailsUnder('filter', matchFilter(trx, actor.companyId, body.filter));
    const ids = await matchingDealIds(trx, actor.companyId, filter, DEAL_LIMITS.bulkMax + 1);
    if (ids.length > DEAL_LIMITS.bulkMax) throw invalidField('filter', 'too_many');
    const { filter: _filter, ...action } = body;
    const affected = await applyBulk(w, trx, actor.companyId, action, ids);
    return { action: body.action, matched: affected.length };
  });
}
