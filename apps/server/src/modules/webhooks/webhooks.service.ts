import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_TYPE,
  type Webhook,
  type WebhookCreateBody,
  type WebhookDeliveryPage,
  type WebhookUpdateBody,
  type WebhookWithSecret,
} from '@kontora/contract/webhooks';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { auditActorOf, changedFields, recordAudit } from '../audit/audit.service.ts';
import { announceSetting } from '../live/live.service.ts';
import {
  attemptCounts,
  failedMessagesSince,
  findDelivery,
  findMessage,
  insertMessages,
  listDeliveries,
  setMessageState,
} from './webhook-deliveries.repository.ts';
import { PREVIOUS_SECRET_MS, secretBox } from './webhook-delivery.ts';
import { deliverWebhookJob } from './webhook-job.ts';
import { testBody } from './webhook-payload.ts';
import { newMessageId, newWebhookSecret } from './webhook-signing.ts';
import {
  countEndpoints,
  deleteEndpoint,
  type EndpointRow,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  updateEndpoint,
} from './webhooks.repository.ts';

const DAY_MS = 86_400_000;

function toWebhook(row: EndpointRow, counts?: { attempts: number; succeeded: number }): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: JSON.parse(row.event_types),
    enabled: Boolean(row.enabled),
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    previous_secret_expires_at: row.previous_secret_encrypted ? row.previous_secret_expires_at : null,
    success_rate_24h: counts && counts.attempts > 0 ? counts.succeeded / counts.attempts : null,
    attempts_24h: counts?.attempts ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function endpointOf(ctx: AppContext, companyId: number, id: number): Promise<EndpointRow> {
  const row = await findEndpoint(ctx.db, companyId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

/** What the audit log keeps of an endpoint: never its secrets. */
const auditedFields = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  event_types: JSON.parse(row.event_types) as string[],
  enabled: Boolean(row.enabled),
});

/** Endpoint changes are in the audit log (decision 014): who added, changed, removed or re-keyed which endpoint. */
function auditEndpoint(
  db: Database,
  actor: Actor,
  action: 'create' | 'update' | 'delete' | 'rotate_secret',
  id: number,
  snapshots: { before?: unknown; after?: unknown },
) {
  return recordAudit(db, {
    ...auditActorOf(actor),
    action: `webhook.${action}`,
    entity: 'webhook',
    entityId: id,
    companyId: actor.companyId,
    ...snapshots,
  });
}

const since24h = (ctx: AppContext) => new Date(ctx.clock.now() - DAY_MS).toISOString();

export async function listWebhooks(ctx: AppContext, companyId: number): Promise<Webhook[]> {
  const [rows, counts] = await Promise.all([
    listEndpoints(ctx.db, companyId),
    attemptCounts(ctx.db, companyId, since24h(ctx)),
  ]);
  return rows.map((row) => toWebhook(row, counts.get(row.id)));
}

export async function getWebhook(ctx: AppContext, companyId: number, id: number): Promise<Webhook> {
  const row = await endpointOf(ctx, companyId, id);
  const counts = await attemptCounts(ctx.db, companyId, since24h(ctx));
  return toWebhook(row, counts.get(id));
}

/**
 * Whether a kept create answer may be repeated: its endpoint still exists and still signs
 * with the secret in it. After a rotation or a deletion an old answer would hand out a
 * secret that is no longer the endpoint's (or belongs to nothing).
 */
export async function createAnswerStillCurrent(
  ctx: AppContext,
  companyId: number,
  answer: unknown,
): Promise<boolean> {
  const data = (answer as { data?: { id?: unknown; secret?: unknown } } | null)?.data;
  if (typeof data?.id !== 'number' || typeof data.secret !== 'string') return false;
  const row = await findEndpoint(ctx.db, companyId, data.id);
  return !!row && secretBox(ctx).open(row.secret_encrypted).toString() === data.secret;
}

export async function createWebhook(
  ctx: AppContext,
  actor: Actor,
  body: WebhookCreateBody,
): Promise<WebhookWithSecret> {
  if ((await countEndpoints(ctx.db, actor.companyId)) >= WEBHOOK_LIMITS.endpointsMax) {
    throw invalidField(
      'url',
      'too_many_endpoints',
      `A company can have at most ${WEBHOOK_LIMITS.endpointsMax} webhooks.`,
    );
  }
  const secret = newWebhookSecret();
  const at = ctx.clock.nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const newId = await insertEndpoint(trx, {
      company_id: actor.companyId,
      url: body.url,
      description: body.description ?? null,
      event_types: JSON.stringify(body.event_types),
      enabled: body.enabled ?? true,
      disabled_reason: null,
      secret_encrypted: secretBox(ctx).seal(Buffer.from(secret)),
      previous_secret_encrypted: null,
      previous_secret_expires_at: null,
      failing_since: null,
      created_by: authorIdOf(actor),
      created_at: at,
      updated_at: at,
    });
    await auditEndpoint(trx, actor, 'create', newId, {
      after: {
        url: body.url,
        description: body.description ?? null,
        event_types: body.event_types,
        enabled: body.enabled ?? true,
      },
    });
    return newId;
  });
  await announceSetting(ctx, actor.companyId, actor, 'webhook.created', id);
  return { ...(await getWebhook(ctx, actor.companyId, id)), secret };
}

export async function updateWebhook(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: WebhookUpdateBody,
): Promise<Webhook> {
  const before = await endpointOf(ctx, actor.companyId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await updateEndpoint(trx, actor.companyId, id, {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.event_types !== undefined ? { event_types: JSON.stringify(body.event_types) } : {}),
      // Turning an endpoint on again, or pointing it elsewhere, starts afresh: no reason, no failing period, circuit closed.
      ...(body.enabled !== undefined
        ? { enabled: body.enabled, ...(body.enabled ? { disabled_reason: null, failing_since: null } : {}) }
        : {}),
      ...(body.enabled || (body.url !== undefined && body.url !== before.url)
        ? { failures_in_row: 0, circuit_open_until: null }
        : {}),
      updated_at: ctx.clock.nowIso(),
    });
    const after = await findEndpoint(trx, actor.companyId, id);
    const changed = after && changedFields(auditedFields(before), auditedFields(after));
    if (changed) await auditEndpoint(trx, actor, 'update', id, changed);
  });
  await announceSetting(ctx, actor.companyId, actor, 'webhook.updated', id);
  return getWebhook(ctx, actor.companyId, id);
}

export async function deleteWebhook(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await endpointOf(ctx, actor.companyId, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteEndpoint(trx, actor.companyId, id))) throw notFound('Webhook');
    await auditEndpoint(trx, actor, 'delete', id, { before: auditedFields(row) });
  });
  await announceSetting(ctx, actor.companyId, actor, 'webhook.deleted', id);
}

/** A new secret; the current one keeps signing beside it for 24 h, so receivers can switch over. */
export async function rotateWebhookSecret(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<WebhookWithSecret> {
  const row = await endpointOf(ctx, actor.companyId, id);
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const previousUntil = new Date(now + PREVIOUS_SECRET_MS).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await updateEndpoint(trx, actor.companyId, id, {
      secret_encrypted: secretBox(ctx).seal(Buffer.from(secret)),
      previous_secret_encrypted: row.secret_encrypted,
      previous_secret_expires_at: previousUntil,
      updated_at: new Date(now).toISOString(),
    });
    // When the old secret stops signing; the secrets themselves never reach the log.
    await auditEndpoint(trx, actor, 'rotate_secret', id, {
      after: { previous_secret_expires_at: previousUntil },
    });
  });
  // The screen shows until when the previous secret still signs.
  await announceSetting(ctx, actor.companyId, actor, 'webhook.updated', id);
  return { ...(await getWebhook(ctx, actor.companyId, id)), secret };
}

async function enqueueAttempt(
  ctx: AppContext,
  db: Database,
  endpoint: { company_id: number; id: number },
  messageId: number,
  trigger: 'test' | 'replay',
): Promise<void> {
  await ctx.jobs.enqueue(db, deliverWebhookJob, {
    company_id: endpoint.company_id,
    endpoint_id: endpoint.id,
    message_id: messageId,
    attempt: 1,
    trigger,
  });
}

/** "Send test event": one message of type `webhook.test`, delivered once. */
export async function sendTestEvent(ctx: AppContext, actor: Actor, id: number): Promise<{ queued: number }> {
  const endpoint = await endpointOf(ctx, actor.companyId, id);
  const at = ctx.clock.nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const [messageId] = await insertMessages(trx, [
      {
        company_id: actor.companyId,
        endpoint_id: id,
        change_event_id: null,
        msg_id: newMessageId(),
        event_type: WEBHOOK_TEST_TYPE,
        body: testBody(id, at),
        state: 'pending',
        created_at: at,
        updated_at: at,
      },
    ]);
    await enqueueAttempt(ctx, trx, endpoint, messageId as number, 'test');
  });
  return { queued: 1 };
}

export async function listWebhookDeliveries(
  ctx: AppContext,
  companyId: number,
  id: number,
  query: { cursor?: string; limit: number },
): Promise<WebhookDeliveryPage> {
  await endpointOf(ctx, companyId, id);
  let before: number | undefined;
  if (query.cursor !== undefined) {
    const parts = decodeCursor(query.cursor);
    if (parts?.[0] !== 'd' || typeof parts[1] !== 'number') throw invalidField('cursor', 'invalid_cursor');
    before = parts[1];
  }
  const rows = await listDeliveries(ctx.db, companyId, id, before, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      message_id: r.msg_id,
      event_type: r.event_type,
      attempt: r.attempt,
      trigger: r.trigger,
      attempted_at: r.attempted_at,
      succeeded: Boolean(r.succeeded),
      status_code: r.status_code,
      latency_ms: r.latency_ms,
      response_excerpt: r.response_excerpt,
      error: r.error,
      next_attempt_at: r.next_attempt_at,
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor(['d', last.id]) : null,
  };
}

/** "Replay": the delivery's message once more, under its webhook-id, signed anew. */
export async function replayDelivery(
  ctx: AppContext,
  actor: Actor,
  id: number,
  deliveryId: number,
): Promise<{ queued: number }> {
  const endpoint = await endpointOf(ctx, actor.companyId, id);
  const delivery = await findDelivery(ctx.db, actor.companyId, id, deliveryId);
  if (!delivery || !(await findMessage(ctx.db, actor.companyId, delivery.message_id)))
    throw notFound('Delivery');
  await enqueueAttempt(ctx, ctx.db, endpoint, delivery.message_id, 'replay');
  return { queued: 1 };
}

/** "Replay all failed since …": every message that ran out of attempts since then (at most 1000). */
export async function replayFailedSince(
  ctx: AppContext,
  actor: Actor,
  id: number,
  since: string,
): Promise<{ queued: number }> {
  const endpoint = await endpointOf(ctx, actor.companyId, id);
  if (Date.parse(since) > ctx.clock.now()) throw invalidField('since', 'in_future');
  const failed = await failedMessagesSince(
    ctx.db,
    actor.companyId,
    id,
    since,
    WEBHOOK_LIMITS.replayFailedMax,
  );
  const at = ctx.clock.nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    for (const message of failed) {
      // Pending again, so a second click does not queue it twice.
      await setMessageState(trx, actor.companyId, message.id, 'pending', at);
      await enqueueAttempt(ctx, trx, endpoint, message.id, 'replay');
    }
  });
  return { queued: failed.length };
}
