import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { dealsForSync } from '../deals/deals.service.ts';
import { dealLogEntry } from './connector-deal-log.ts';
import { pushDeals } from './connector-deal-push.ts';
import type { PullScope } from './connector-pull.ts';
import type { NewLogEntry } from './connectors.repository.ts';
import {
  dealLinksByRemote,
  deleteDealLinks,
  pendingDealLinks,
  updateDealLink,
} from './deal-links.repository.ts';

/** Pending creates one run looks up; more than a few batches means something else is wrong. */
const PENDING_MAX = 2_000;

/**
 * Settles the deal creates a stopped run left under way, before the pull
 * (which would otherwise import the deal we created as a new one), as
 * connector-pending.ts does for customers: each is looked up remotely by its
 * title and, when a deal not linked to another is found, linked to it; when
 * none is found the create did not happen and is made now. A found deal is
 * then sent the deal's values (its content is not known, so it counts as
 * changed here).
 */
export async function resolvePendingDeals(
  ctx: AppContext,
  scope: PullScope,
  counts: ConnectorCounts,
  log: NewLogEntry[],
  signal?: AbortSignal,
): Promise<void> {
  const { actor, connectorId, client } = scope;
  const companyId = actor.companyId;
  const pending = await pendingDealLinks(ctx.db, companyId, connectorId, PENDING_MAX);
  if (pending.length === 0) return;
  const deals = await dealsForSync(
    ctx.db,
    companyId,
    pending.map((l) => l.deal_id),
  );
  const again: number[] = [];
  for (const link of pending) {
    const deal = deals.get(link.deal_id);
    if (!deal) {
      // Deleted here meanwhile: nothing left to create.
      await deleteDealLinks(ctx.db, companyId, [link.id]);
      continue;
    }
    const found = await client.deals.findDeals(deal.title, signal);
    const taken = new Set(
      (await dealLinksByRemote(ctx.db, companyId, connectorId, found)).map((l) => l.remote_id),
    );
    const ours = found.find((id) => !taken.has(id));
    again.push(deal.id);
    if (!ours) {
      await deleteDealLinks(ctx.db, companyId, [link.id]);
      continue;
    }
    counts.created++;
    await updateDealLink(ctx.db, companyId, link.id, {
      remote_id: ours,
      pending_since: null,
      // Unknown content and time: the deal is sent as an update, and a pull does not take it for newer.
      remote_updated_at: null,
      content_hash: '',
      updated_at: new Date().toISOString(),
    });
    log.push(
      dealLogEntry(
        scope,
        'push',
        ours,
        'resolved',
        `Deal “${deal.title}”: a create interrupted earlier had happened; linked to the deal found remotely.`,
      ),
    );
  }
  await pushDeals(ctx, scope, again, [], counts, log, signal);
}
