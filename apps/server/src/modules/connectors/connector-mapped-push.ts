import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { recordIdsWithValues } from '../custom-fields/custom-fields.service.ts';
import { pushDeals } from './connector-deal-push.ts';
import type { PullScope } from './connector-pull.ts';
import { pushCustomers, pushLog } from './connector-push-records.ts';
import { insertLog, linksByCustomer } from './connectors.repository.ts';
import { dealLinksByDeal } from './deal-links.repository.ts';

/** Records one step reads. */
const STEP = 500;

/**
 * Values already in Kontora when a field is first mapped (decision 088): the run the mapping
 * queued pushes the linked customers and deals holding a value of a newly mapped field, after
 * its pull (which brought what the provider had, so a remote record changed later than ours has
 * been read first). Their content hash now counts the value, so each goes out once; records
 * not linked yet are the initial push's.
 */
export async function pushMappedValues(
  ctx: AppContext,
  scope: PullScope,
  fieldIds: readonly number[],
  counts: ConnectorCounts,
  onStep: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const companyId = scope.actor.companyId;
  for (const record of ['customer', 'deal'] as const) {
    let after = 0;
    for (;;) {
      const ids = await recordIdsWithValues(ctx.db, companyId, record, fieldIds, after, STEP);
      if (ids.length === 0) break;
      after = ids.at(-1) as number;
      const log = pushLog(companyId, scope.connectorId);
      if (record === 'customer') {
        const linked = (await linksByCustomer(ctx.db, companyId, scope.connectorId, ids)).map(
          (l) => l.customer_id,
        );
        if (linked.length) await pushCustomers(ctx, scope, linked, counts, log, signal, true);
      } else {
        const linked = (await dealLinksByDeal(ctx.db, companyId, scope.connectorId, ids)).map(
          (l) => l.deal_id,
        );
        if (linked.length) await pushDeals(ctx, scope, linked, [], counts, log.entries, signal, true);
      }
      await insertLog(ctx.db, log.entries);
      await onStep();
    }
  }
}
