import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { guardedHttpFor } from '../../lib/outbound-http/guarded-http.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { announceSetting } from '../live/live.service.ts';
import { circuitWait, noteCircuit } from './webhook-circuit.ts';
import { insertDelivery, type MessageRow, setMessageState } from './webhook-deliveries.repository.ts';
import { sendEndpointDisabledMails } from './webhook-disabled-mail.ts';
import { deliverWebhookJob } from './webhook-job.ts';
import { inLogTransaction } from './webhook-log-writer.ts';
import { sendDelivery } from './webhook-sender.ts';
import { signedHeaders } from './webhook-signing.ts';
import { type EndpointRow, findEndpoint } from './webhooks.repository.ts';

/**
 * Retries after the first attempt: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h (the Standard Webhooks / Svix schedule), each ±10 % at random so
 * deliveries that failed together do not come back in lockstep.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint whose attempts have all failed for this long is turned off. */
export const DISABLE_AFTER_MS = 5 * 86_400_000;
/** A receiver's Retry-After is followed up to this long. */
const RETRY_AFTER_MAX_MS = 86_400_000;
/** After a rotation the previous secret signs as well for this long. */
export const PREVIOUS_SECRET_MS = 86_400_000;

export type Trigger = 'change' | 'test' | 'replay';

export interface DeliveryJob {
  company_id: number;
  endpoint_id: number;
  message_id: number;
  attempt: number;
  trigger: Trigger;
}

// One box per key: deriving it (HKDF) on every delivery cost more than the HMAC itself.
const boxes = new WeakMap<Buffer, ReturnType<typeof createSecretBox>>();
export function secretBox(ctx: AppContext) {
  let box = boxes.get(ctx.config.secretKey);
  if (!box) {
    box = createSecretBox(ctx.config.secretKey, 'webhook-secret');
    boxes.set(ctx.config.secretKey, box);
  }
  return box;
}

/** The secrets that sign now: the current one, and the previous one within 24 h of a rotation. */
export function signingSecrets(ctx: AppContext, endpoint: EndpointRow, now: number): string[] {
  const box = secretBox(ctx);
  const secrets = [box.open(endpoint.secret_encrypted).toString('utf8')];
  const until = endpoint.previous_secret_expires_at;
  if (endpoint.previous_secret_encrypted && until && Date.parse(until) > now) {
    secrets.push(box.open(endpoint.previous_secret_encrypted).toString('utf8'));
  }
  return secrets;
}

export function retryDelay(attempt: number, scale: number, retryAfterSeconds: number | null): number {
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1] ?? 0;
  const scheduled = base * scale * (0.9 + Math.random() * 0.2);
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds * 1000, RETRY_AFTER_MAX_MS);
  return Math.round(Math.max(scheduled, asked));
}

export interface AttemptOutcome {
  /** When the next attempt is due; null when this was the last one. */
  nextAt: string | null;
  /** The endpoint was turned off by this attempt (410, or failing 5 days). */
  disabled: 'gone' | 'failing' | null;
}

/** One attempt: sign anew, send, and log it (with whatever follows) in one transaction. */
export async function attemptDelivery(
  ctx: AppContext,
  job: DeliveryJob,
  message: MessageRow,
  signal: AbortSignal | undefined,
): Promise<AttemptOutcome | undefined> {
  const endpoint = await findEndpoint(ctx.db, job.company_id, job.endpoint_id);
  if (!endpoint) return undefined;
  if (job.trigger === 'change' && !endpoint.enabled) {
    // Kept as failed, so "replay all failed" can send it once the endpoint is on again.
    await setMessageState(ctx.db, job.company_id, message.id, 'failed', ctx.clock.nowIso());
    return undefined;
  }
  const now = ctx.clock.now();
  // A test is asked for by a person waiting for its answer: it goes whatever the circuit says.
  const waitUntil = job.trigger === 'test' ? null : await circuitWait(ctx.db, endpoint, now);
  if (waitUntil !== null) {
    await deferDelivery(ctx, job, message.id, waitUntil);
    return { nextAt: waitUntil, disabled: null };
  }
  const headers = signedHeaders(
    signingSecrets(ctx, endpoint, now),
    message.msg_id,
    // The real time, whatever the business clock says: receivers check it against their own.
    Math.floor(Date.now() / 1000),
    message.body,
  );
  const answer = await sendDelivery(endpoint.url, headers, message.body, guardedHttpFor(ctx.config), signal);
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const gone = answer.status === 410;
  const canRetry = job.trigger === 'change' && job.attempt < MAX_ATTEMPTS && !ok && !gone;
  const at = ctx.clock.now();
  const nextAt = canRetry
    ? new Date(
        at + retryDelay(job.attempt, ctx.config.jobs.backoffScale, answer.retryAfterSeconds),
      ).toISOString()
    : null;
  const atIso = new Date(at).toISOString();
  let disabled: AttemptOutcome['disabled'] = null;
  await inLogTransaction(ctx.db, async (trx) => {
    await insertDelivery(trx, {
      company_id: job.company_id,
      endpoint_id: job.endpoint_id,
      message_id: message.id,
      attempt: job.attempt,
      trigger: job.trigger,
      attempted_at: new Date(now).toISOString(),
      succeeded: ok,
      status_code: answer.status,
      latency_ms: answer.latencyMs,
      response_excerpt: answer.excerpt,
      error: answer.error,
      next_attempt_at: nextAt,
    });
    await setMessageState(
      trx,
      job.company_id,
      message.id,
      ok ? 'succeeded' : nextAt ? 'pending' : 'failed',
      atIso,
    );
    if (ok) {
      if (endpoint.failing_since !== null) {
        await trx
          .updateTable('webhook_endpoints')
          .set({ failing_since: null })
          .where('company_id', '=', job.company_id)
          .where('id', '=', job.endpoint_id)
          .execute();
      }
    } else if (gone) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ enabled: false, disabled_reason: 'gone', updated_at: atIso })
        .where('company_id', '=', job.company_id)
        .where('id', '=', job.endpoint_id)
        .execute();
      disabled = 'gone';
    } else {
      disabled = await noteFailure(ctx, trx, endpoint, at);
    }
    if (!gone) await noteCircuit(trx, endpoint, answer.status, at, ctx.config.jobs.backoffScale);
    if (nextAt && !disabled) {
      await ctx.jobs.enqueue(
        trx,
        deliverWebhookJob,
        { ...job, attempt: job.attempt + 1 },
        { runAt: nextAt, idempotencyKey: `${job.company_id}:${message.id}:${job.attempt + 1}` },
      );
    }
  });
  // The batch has committed: screens showing the endpoint may read it turned off.
  if (disabled) await announceSetting(ctx, job.company_id, null, 'webhook.disabled', job.endpoint_id);
  return { nextAt: disabled ? null : nextAt, disabled };
}

/** The circuit is open: the same attempt, later; not tried, so neither logged nor counted. */
async function deferDelivery(ctx: AppContext, job: DeliveryJob, messageId: number, until: string) {
  const jitterMs = Math.round(Math.random() * 1000 * ctx.config.jobs.backoffScale);
  await ctx.jobs.enqueue(ctx.db, deliverWebhookJob, job, {
    runAt: new Date(Date.parse(until) + jitterMs),
    // The time it waits for keeps the key apart from the attempt's own and from other waits.
    idempotencyKey: `${job.company_id}:${messageId}:${job.attempt}:after:${until}`,
  });
}

/**
 * A failed attempt starts the endpoint's failing period, or, once that has
 * lasted 5 days, turns the endpoint off and mails the company's owners and
 * admins. Conditional updates, so concurrent attempts disable (and mail) once.
 */
async function noteFailure(
  ctx: AppContext,
  trx: Database,
  endpoint: EndpointRow,
  at: number,
): Promise<'failing' | null> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ failing_since: new Date(at).toISOString() })
    .where('company_id', '=', endpoint.company_id)
    .where('id', '=', endpoint.id)
    .where('failing_since', 'is', null)
    .execute();
  const turnedOff = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: 'failing', updated_at: new Date(at).toISOString() })
    .where('company_id', '=', endpoint.company_id)
    .where('id', '=', endpoint.id)
    .where('enabled', '=', true)
    .where('failing_since', '<=', new Date(at - DISABLE_AFTER_MS).toISOString())
    .executeTakeFirst();
  if (Number(turnedOff.numUpdatedRows) === 0) return null;
  await sendEndpointDisabledMails(ctx, trx, endpoint.company_id, endpoint.url);
  return 'failing';
}
