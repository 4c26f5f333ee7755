import type { AppContext } from '../../context.ts';
import { dealsForSync, writeDeals } from '../deals/deals.service.ts';
import { dealLogEntry } from './connector-deal-log.ts';
import type { PullScope } from './connector-pull.ts';
import { insertLog } from './connectors.repository.ts';
import { deleteDealLinks, unseenDealLinks } from './deal-links.repository.ts';

/** Links one transaction of the sweep handles. */
const BATCH = 500;

/**
 * After a full pass listed every remote deal: the linked deals it did not see
 * are gone remotely and are deleted here, by the connector (so the push does
 * not send the deletion back), as customers are (connector-sync.ts). Only a
 * completed listing concludes this; a deal deleted here meanwhile only loses
 * its link.
 */
export async function removeGoneDeals(ctx: AppContext, scope: PullScope): Promise<void> {
  const companyId = scope.actor.companyId;
  for (;;) {
    const gone = await unseenDealLinks(ctx.db, companyId, scope.connectorId, scope.pass, BATCH);
    if (gone.length === 0) return;
    await writeDeals(ctx, scope.actor, async (writes, trx) => {
      const deals = await dealsForSync(
        trx,
        companyId,
        gone.map((l) => l.deal_id),
      );
      await writes.delete([...deals.values()]);
      await deleteDealLinks(
        trx,
        companyId,
        gone.map((l) => l.id),
      );
      await insertLog(
        trx,
        gone.map((l) =>
          dealLogEntry(
            scope,
            'pull',
            l.remote_id,
            'deleted',
            `Deal${deals.has(l.deal_id) ? ` “${deals.get(l.deal_id)?.title}”` : ''} gone from the provider (not seen by a completed full pass); deleted in Kontora.`,
          ),
        ),
      );
    });
  }
}
