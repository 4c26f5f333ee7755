import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { readChangesForRelay } from '../change-feed/change-feed.service.ts';
import {
  insertMessages,
  readDispatchPosition,
  saveDispatchPosition,
} from './webhook-deliveries.repository.ts';
import { deliverWebhookJob } from './webhook-job.ts';
import { messageBody } from './webhook-payload.ts';
import { newMessageId } from './webhook-signing.ts';
import { enabledEndpointsOf } from './webhooks.repository.ts';

/** Feed entries one dispatch transaction reads. */
const PAGE = 500;
/** The advisory lock (PostgreSQL) that lets one instance dispatch at a time; 6014 is this module's class. */
const DISPATCH_LOCK = sql`select pg_try_advisory_xact_lock(6014, 0) as locked`;

/**
 * Turns new change-feed entries into webhook messages, one per matching
 * enabled endpoint, each with its first delivery job, in the transaction that
 * moves the dispatcher's position: a message exists iff the position moved
 * past its entry, so none is lost or made twice (the job's idempotency key,
 * endpoint + entry, guards once more). Reads with the relay reader of the
 * change feed (decision 009). Answers how many messages it made.
 */
export async function dispatchWebhooks(ctx: AppContext): Promise<number> {
  let made = 0;
  for (;;) {
    const page = await ctx.db.transaction().execute(async (trx) => dispatchPage(ctx, trx));
    if (page === undefined) return made;
    made += page.made;
    if (page.read < PAGE) return made;
  }
}

async function dispatchPage(
  ctx: AppContext,
  trx: Database,
): Promise<{ read: number; made: number } | undefined> {
  if (dialectOf(trx) === 'postgres') {
    const { rows } = await DISPATCH_LOCK.execute(trx);
    if (!(rows[0] as { locked: boolean } | undefined)?.locked) return undefined;
  }
  const position = await readDispatchPosition(trx);
  const { items, next } = await readChangesForRelay({ ...ctx, db: trx }, position, PAGE);
  if (items.length === 0) return undefined;
  const companies = [...new Set(items.map((c) => c.company_id))];
  const endpoints = await enabledEndpointsOf(trx, companies, MODULE_ID.crmIntegration);
  let made = 0;
  for (const change of items) {
    const matching = endpoints.filter(
      (e) =>
        e.company_id === change.company_id &&
        Date.parse(e.created_at) <= Date.parse(change.created_at) &&
        (JSON.parse(e.event_types) as string[]).includes(change.type),
    );
    if (matching.length === 0) continue;
    const body = await messageBody(trx, change);
    const at = new Date().toISOString();
    const ids = await insertMessages(
      trx,
      matching.map((e) => ({
        company_id: e.company_id,
        endpoint_id: e.id,
        change_event_id: change.id,
        msg_id: newMessageId(),
        event_type: change.type,
        body,
        state: 'pending' as const,
        created_at: at,
        updated_at: at,
      })),
    );
    for (const [i, endpoint] of matching.entries()) {
      const messageId = ids[i] as number;
      await ctx.jobs.enqueue(
        trx,
        deliverWebhookJob,
        {
          company_id: endpoint.company_id,
          endpoint_id: endpoint.id,
          message_id: messageId,
          attempt: 1,
          trigger: 'change',
        },
        { idempotencyKey: `${endpoint.id}:${change.id}` },
      );
    }
    made += matching.length;
  }
  await saveDispatchPosition(trx, next);
  return { read: items.length, made };
}

/**
 * Runs the dispatcher every poll interval in a process that runs jobs, until
 * stopped; a pass still running finishes first.
 */
export function startWebhookDispatcher(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = dispatchWebhooks(ctx)
      .catch((err) => {
        if (!stopped) log.error({ err }, 'webhook dispatch failed');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, ctx.config.jobs.pollMs);
      });
  };
  let timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
