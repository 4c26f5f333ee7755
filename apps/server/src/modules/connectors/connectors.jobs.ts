import { MODULE_ID } from '@kontora/contract/limits';
import type { AppContext } from '../../context.ts';
import { crossCompany } from '../../db/cross-company.ts';
import { nightlyConnectorsJob, scheduleConnectorsJob, syncConnectorJob } from './connector-job.ts';
import { runSync } from './connector-sync.ts';

/** Connections whose company has module 1 on (a company that turned it off is not synced). */
function activeConnectors(ctx: AppContext, dueBefore?: string) {
  let q = crossCompany(ctx.db, "the connector schedule looks at every company's connections")
    .selectFrom('connectors')
    .innerJoin('company_modules', (join) =>
      join
        .onRef('company_modules.company_id', '=', 'connectors.company_id')
        .on('company_modules.module_id', '=', MODULE_ID.crmIntegration),
    )
    .select(['connectors.id', 'connectors.company_id']);
  if (dueBefore) q = q.where('connectors.next_sync_at', '<=', dueBefore);
  return q.execute();
}

/**
 * The sync job, the schedule that queues a run for each due connection every
 * CONNECTOR_SYNC_MINUTES, and the nightly full pass. Idempotency keys per
 * time slot keep two schedulers (or a repeated tick) from queueing a run twice.
 */
export function registerConnectorJobs(ctx: AppContext): void {
  ctx.jobs.handle(syncConnectorJob, async (payload, job) => {
    await runSync(ctx, payload, job);
  });
  const minutes = ctx.config.connectors.syncMinutes;
  ctx.jobs.handle(scheduleConnectorsJob, async () => {
    const now = Date.now();
    const slot = Math.floor(now / (minutes * 60_000));
    for (const c of await activeConnectors(ctx, new Date(now + 30_000).toISOString())) {
      await ctx.jobs.enqueue(
        ctx.db,
        syncConnectorJob,
        { company_id: c.company_id, connector_id: c.id, mode: 'auto' },
        { idempotencyKey: `auto:${c.id}:${slot}` },
      );
    }
  });
  ctx.jobs.handle(nightlyConnectorsJob, async () => {
    const day = new Date().toISOString().slice(0, 10);
    for (const c of await activeConnectors(ctx)) {
      await ctx.jobs.enqueue(
        ctx.db,
        syncConnectorJob,
        { company_id: c.company_id, connector_id: c.id, mode: 'full' },
        { idempotencyKey: `full:${c.id}:${day}` },
      );
    }
  });
  ctx.jobs.repeat(scheduleConnectorsJob, minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`, {});
  ctx.jobs.repeat(nightlyConnectorsJob, '23 2 * * *', {});
}
