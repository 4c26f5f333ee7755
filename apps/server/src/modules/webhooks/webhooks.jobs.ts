import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findMessage, pruneWebhookLog } from './webhook-deliveries.repository.ts';
import { attemptDelivery } from './webhook-delivery.ts';
import { startWebhookDispatcher } from './webhook-dispatcher.ts';
import { deliverWebhookJob, pruneWebhookLogJob } from './webhook-job.ts';

const LOG_DAYS = 30;

/**
 * Webhook deliveries (jobs), the dispatcher that makes them from the change
 * feed (in every process that runs jobs) and the daily pruning of the log.
 */
export function registerWebhookJobs(ctx: AppContext, app: FastifyInstance): void {
  ctx.jobs.handle(deliverWebhookJob, async (payload, job) => {
    const message = await findMessage(ctx.db, payload.company_id, payload.message_id);
    if (message) await attemptDelivery(ctx, payload, message, job.signal);
  });
  ctx.jobs.handle(pruneWebhookLogJob, async () => {
    await pruneWebhookLog(ctx.db, new Date(Date.now() - LOG_DAYS * 86_400_000).toISOString());
  });
  ctx.jobs.repeat(pruneWebhookLogJob, '37 3 * * *', {});
  if (!ctx.config.jobs.worker) return;
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startWebhookDispatcher(ctx, app.log);
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
