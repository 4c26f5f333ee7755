import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import type { PullScope } from './connector-pull.ts';
import { pushCustomers, pushLog } from './connector-push-records.ts';
import { insertLog, unlinkedCustomerIds, updateConnector } from './connectors.repository.ts';

/** Customers one step of the initial push reads; its checkpoint is saved after each step. */
const STEP = 500;

/**
 * The initial push: once the first import is done, the customers that were
 * here before the connection (none of them in the change feed the push
 * reads) and have no link are created remotely, oldest first. The last
 * customer id handled is the checkpoint, saved after every step, so a crash
 * resumes after it; the creates of the step under way are covered by their
 * pending links (connector-pending.ts). A customer the provider refuses is
 * logged and not tried again by this pass.
 */
export async function pushExistingCustomers(
  ctx: AppContext,
  scope: PullScope,
  after: number,
  counts: ConnectorCounts,
  onStep: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const companyId = scope.actor.companyId;
  let position = after;
  for (;;) {
    const ids = await unlinkedCustomerIds(ctx.db, companyId, scope.connectorId, position, STEP);
    if (ids.length === 0) break;
    const log = pushLog(companyId, scope.connectorId);
    await pushCustomers(ctx, scope, ids, counts, log, signal);
    position = ids.at(-1) as number;
    await ctx.db.transaction().execute(async (trx) => {
      await insertLog(trx, log.entries);
      await updateConnector(trx, companyId, scope.connectorId, { backfill_after: position });
    });
    await onStep();
  }
  await updateConnector(ctx.db, companyId, scope.connectorId, { backfill_after: null });
}
