import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { pushDeals } from './connector-deal-push.ts';
import type { PullScope } from './connector-pull.ts';
import { type PushLog, pushCustomers, pushLog } from './connector-push-records.ts';
import { insertLog, unlinkedCustomerIds, updateConnector } from './connectors.repository.ts';
import { unlinkedDealIds } from './deal-links.repository.ts';

/** Records one step of the initial push reads; its checkpoint is saved after each step. */
const STEP = 500;

/** One kind of record the initial push creates remotely. */
interface Backfill {
  /** The connection's column holding the last id handled (null when done). */
  column: 'backfill_after' | 'deal_backfill_after';
  unlinked(
    db: Database,
    companyId: number,
    connectorId: number,
    after: number,
    limit: number,
  ): Promise<number[]>;
  push(ids: number[], log: PushLog): Promise<void>;
}

/**
 * The initial push: once the first import is done, the records that were
 * here before the connection (none of them in the change feed the push
 * reads) and have no link are created remotely, oldest first. The last id
 * handled is the checkpoint, saved after every step, so a crash resumes
 * after it; the creates of the step under way are covered by their pending
 * links (connector-pending.ts, connector-deal-pending.ts). A record the
 * provider refuses is logged and not tried again by this pass.
 */
async function backfill(
  ctx: AppContext,
  scope: PullScope,
  after: number,
  what: Backfill,
  onStep: () => Promise<void>,
): Promise<void> {
  const companyId = scope.actor.companyId;
  let position = after;
  for (;;) {
    const ids = await what.unlinked(ctx.db, companyId, scope.connectorId, position, STEP);
    if (ids.length === 0) break;
    const log = pushLog(companyId, scope.connectorId);
    await what.push(ids, log);
    position = ids.at(-1) as number;
    await ctx.db.transaction().execute(async (trx) => {
      await insertLog(trx, log.entries);
      await updateConnector(trx, companyId, scope.connectorId, { [what.column]: position });
    });
    await onStep();
  }
  await updateConnector(ctx.db, companyId, scope.connectorId, { [what.column]: null });
}

/** The customers that were here before the connection. */
export function pushExistingCustomers(
  ctx: AppContext,
  scope: PullScope,
  after: number,
  counts: ConnectorCounts,
  onStep: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  return backfill(
    ctx,
    scope,
    after,
    {
      column: 'backfill_after',
      unlinked: unlinkedCustomerIds,
      push: (ids, log) => pushCustomers(ctx, scope, ids, counts, log, signal),
    },
    onStep,
  );
}

/**
 * The deals that were here before the connection, after the customers (whose
 * links give a new deal its organisation and people). A deal whose stage the
 * provider lacks is logged and not tried again by this pass.
 */
export function pushExistingDeals(
  ctx: AppContext,
  scope: PullScope,
  after: number,
  counts: ConnectorCounts,
  onStep: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  return backfill(
    ctx,
    scope,
    after,
    {
      column: 'deal_backfill_after',
      unlinked: unlinkedDealIds,
      push: (ids, log) => pushDeals(ctx, scope, ids, [], counts, log.entries, signal),
    },
    onStep,
  );
}
