import { createHash } from 'node:crypto';
import { ApiError } from '@kontora/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { principalOf } from './access.ts';
import {
  claimKey,
  completeKey,
  deleteKeysBefore,
  type KeyScope,
  releaseKey,
} from './idempotency-keys.repository.ts';

/**
 * `Idempotency-Key` on POST creates: a client that lost the answer to a create
 * retries with the same key and body and gets the first answer (status and
 * body, plus `Idempotent-Replayed: true`) instead of a second record. Keys are
 * kept 24 hours per caller and route (method and path). A route opts in with
 * `config: { idempotent: true }`; the header is then declared in its schema,
 * and so in the OpenAPI document. See docs/decisions/009-change-feed.md.
 */

/**
 * A create whose answer carries a secret (a webhook's signing secret): its kept answer is
 * sealed at rest, and repeated only while `stillCurrent` says the secret in it is still
 * the record's (not rotated, not deleted); otherwise the replay is refused with 409.
 */
export interface SecretBearingCreate {
  stillCurrent(request: FastifyRequest, answer: unknown): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key header (POST creates). */
    idempotent?: boolean | SecretBearingCreate;
  }
  interface FastifyRequest {
    idempotencyClaim: KeyScope | null;
  }
}

export const IDEMPOTENCY_KEEP_MS = 24 * 3_600_000;
/** A claim still running after this long belonged to a process that died; a retry may take it over. */
const ABANDONED_AFTER_MS = 2 * 60_000;

const IdempotencyHeaders = z.looseObject({
  /** Any unique string (a UUID, say) of at most 255 characters; the same for every retry of one create. */
  'idempotency-key': z.string().trim().min(1).max(255).optional(),
});

/**
 * What a retry must repeat: the query and the validated body. A streamed body (a multipart
 * upload) is not read before the handler, so its declared length stands for it: a retry of
 * the same file has it, another file almost never (docs/decisions/053-one-create-per-click.md).
 */
const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        request.url.split('?')[1] ?? '',
        request.body ??
          (request.isMultipart?.() ? { streamed: request.headers['content-length'] ?? null } : null),
      ]),
    )
    .digest('hex');

const secretBearing = (request: FastifyRequest) => {
  const option = request.routeOptions.config.idempotent;
  return typeof option === 'object' ? option : undefined;
};

export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotencyClaim', null);
  const box = createSecretBox(ctx.config.secretKey, 'idempotent-answer');
  /** A kept answer sealed under another SECRET_KEY cannot be read: it is treated as stale. */
  const openKept = (sealed: string) => {
    try {
      return box.open(sealed).toString();
    } catch {
      return undefined;
    }
  };

  app.addHook('onRoute', (route) => {
    if (!(route.config as { idempotent?: unknown } | undefined)?.idempotent) return;
    if (route.method !== 'POST' || route.schema?.headers) {
      throw new Error(`Route ${route.method} ${route.url}: idempotent routes are POSTs without own headers`);
    }
    const response = (route.schema?.response ?? {}) as Record<number, unknown>;
    route.schema = {
      ...route.schema,
      headers: IdempotencyHeaders,
      response: { ...response, 409: ApiError, 422: ApiError },
    };
  });

  // preHandler: after authentication and validation, so a refused or invalid request claims no key.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.routeOptions.config.idempotent ? request.headers['idempotency-key'] : undefined;
    if (typeof key !== 'string') return;
    const scope: KeyScope = {
      // Keys are kept per caller: a person, or an API key (decision 013).
      ownerKind: request.apiKey ? 'api_key' : 'user',
      ownerId: request.apiKey ? request.apiKey.id : principalOf(request).user.id,
      route: `${request.method} ${request.url.split('?')[0]}`,
      key,
    };
    const now = Date.now();
    const outcome = await claimKey(
      ctx.db,
      scope,
      hashOf(request),
      new Date(now).toISOString(),
      new Date(now - IDEMPOTENCY_KEEP_MS).toISOString(),
      new Date(now - ABANDONED_AFTER_MS).toISOString(),
    );
    if (outcome.kind === 'reused') {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used with another request. Use a new key for a new request.',
      );
    }
    if (outcome.kind === 'running') {
      throw new AppError(
        409,
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still running. Retry when it has finished.',
      );
    }
    if (outcome.kind === 'done') {
      const secrets = secretBearing(request);
      const body = secrets ? openKept(outcome.body) : outcome.body;
      if (secrets && (body === undefined || !(await secrets.stillCurrent(request, JSON.parse(body))))) {
        throw new AppError(
          409,
          'idempotent_replay_stale',
          'What this Idempotency-Key created has changed since (its secret was rotated or it was deleted), so its first answer is not repeated.',
        );
      }
      return (reply as FastifyReply)
        .code(outcome.status)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(body);
    }
    request.idempotencyClaim = scope;
  });

  // Only a success is kept: a failed create changed nothing (its transaction rolled back), so a retry runs again.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      const kept = secretBearing(request) ? box.seal(Buffer.from(payload)) : payload;
      await completeKey(ctx.db, claim, reply.statusCode, kept);
    } else {
      await releaseKey(ctx.db, claim);
    }
    return payload;
  });
}

/** Deletes keys older than `olderThan` (default 24 hours ago); answers how many. Meant for a periodic job. */
export function pruneIdempotencyKeys(
  ctx: AppContext,
  olderThan = new Date(Date.now() - IDEMPOTENCY_KEEP_MS),
): Promise<number> {
  return deleteKeysBefore(ctx.db, olderThan.toISOString());
}
