import {
  CONNECTOR_DEFAULT_BASE_URL,
  CONNECTOR_LIMITS,
  type Connector,
  type ConnectorCounts,
  type ConnectorCreateBody,
  type ConnectorLogPage,
  type ConnectorLogQuery,
  type ConnectorSyncQueued,
} from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { guardedHttpFor } from '../../lib/outbound-http/guarded-http.ts';
import { auditActorOf, recordAudit } from '../audit/audit.service.ts';
import { announceSetting } from '../live/live.service.ts';
import { latestChangeId } from './change-position.ts';
import { assertReachableBaseUrl } from './connector-address.ts';
import {
  ConnectorAuthError,
  ConnectorRequestError,
  ConnectorUnreachableError,
  errorText,
} from './connector-errors.ts';
import { connectorOf, tokenBox } from './connector-factory.ts';
import { syncConnectorJob } from './connector-job.ts';
import {
  type ConnectorRow,
  countConnectors,
  countLinks,
  deleteConnectorRow,
  findConnector,
  insertConnector,
  listConnectorRows,
  listLog,
} from './connectors.repository.ts';

export const EMPTY_COUNTS: ConnectorCounts = { fetched: 0, created: 0, updated: 0, failed: 0 };

function toConnector(row: ConnectorRow, linked: number): Connector {
  return {
    id: row.id,
    provider: row.provider,
    base_url: row.base_url,
    state: row.state,
    last_error: row.last_error,
    import_done: Boolean(row.import_done),
    counts: { ...EMPTY_COUNTS, ...(JSON.parse(row.counts) as Partial<ConnectorCounts>) },
    linked,
    last_sync_at: row.last_sync_at,
    next_sync_at: row.next_sync_at,
    last_full_pass_at: row.last_full_pass_at,
    paused_until: row.state === 'paused' ? row.paused_until : null,
    created_at: row.created_at,
  };
}

async function rowOf(ctx: AppContext, companyId: number, id: number): Promise<ConnectorRow> {
  const row = await findConnector(ctx.db, companyId, id);
  if (!row) throw notFound('Connector');
  return row;
}

export async function listConnectors(ctx: AppContext, companyId: number): Promise<Connector[]> {
  const rows = await listConnectorRows(ctx.db, companyId);
  const linked = await countLinks(
    ctx.db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toConnector(r, linked.get(r.id) ?? 0));
}

export async function getConnector(ctx: AppContext, companyId: number, id: number): Promise<Connector> {
  const row = await rowOf(ctx, companyId, id);
  const linked = await countLinks(ctx.db, companyId, [id]);
  return toConnector(row, linked.get(id) ?? 0);
}

/**
 * Connects after one test call with the token: a refused token is a 400 on
 * `token`, an unreachable provider a 400 on `base_url`. The first import is
 * queued at once; after it, the customers already here are pushed too.
 */
export async function createConnector(
  ctx: AppContext,
  actor: Actor,
  body: ConnectorCreateBody,
): Promise<Connector> {
  if ((await countConnectors(ctx.db, actor.companyId)) >= CONNECTOR_LIMITS.connectorsMax) {
    throw invalidField(
      'provider',
      'too_many_connectors',
      `A company can have at most ${CONNECTOR_LIMITS.connectorsMax} connections.`,
    );
  }
  const baseUrl = body.base_url ?? CONNECTOR_DEFAULT_BASE_URL[body.provider];
  await assertReachableBaseUrl(ctx, baseUrl);
  try {
    await connectorOf(body.provider, baseUrl, body.token, guardedHttpFor(ctx.config)).test(
      AbortSignal.timeout(60_000),
    );
  } catch (err) {
    if (err instanceof ConnectorAuthError) throw invalidField('token', 'token_refused', errorText(err));
    throw invalidField('base_url', baseUrlProblem(err), errorText(err));
  }
  const at = new Date().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const newId = await insertConnector(trx, {
      company_id: actor.companyId,
      provider: body.provider,
      base_url: baseUrl,
      token_encrypted: tokenBox(ctx).seal(Buffer.from(body.token)),
      state: 'idle',
      last_error: null,
      lease_job: null,
      lease_until: null,
      checkpoint: null,
      import_done: false,
      pull_since: null,
      push_after: await latestChangeId(trx, actor.companyId),
      counts: JSON.stringify(EMPTY_COUNTS),
      last_sync_at: null,
      next_sync_at: at,
      last_full_pass_at: null,
      // Customers already here are pushed once the first import is done (connector-backfill.ts).
      backfill_after: 0,
      // And so are its deals, after them (connector-backfill.ts).
      deal_backfill_after: 0,
      paused_until: null,
      created_by: authorIdOf(actor),
      created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, {
      ...auditActorOf(actor),
      action: 'connector.connect',
      entity: 'connector',
      entityId: newId,
      companyId: actor.companyId,
      after: { provider: body.provider, base_url: baseUrl },
    });
    await ctx.jobs.enqueue(trx, syncConnectorJob, {
      company_id: actor.companyId,
      connector_id: newId,
      mode: 'auto',
    });
    return newId;
  });
  await announceSetting(ctx, actor.companyId, actor, 'connector.connected', id);
  return getConnector(ctx, actor.companyId, id);
}

/** Disconnect: the connection, its links and its log go; the customers it imported stay. */
export async function deleteConnector(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findConnector(trx, actor.companyId, id);
    if (!row || !(await deleteConnectorRow(trx, actor.companyId, id))) throw notFound('Connector');
    await recordAudit(trx, {
      ...auditActorOf(actor),
      action: 'connector.disconnect',
      entity: 'connector',
      entityId: id,
      companyId: actor.companyId,
      before: { provider: row.provider, base_url: row.base_url },
    });
  });
  await announceSetting(ctx, actor.companyId, actor, 'connector.disconnected', id);
}

/** "Sync now": a run queued at once (a run already going carries on; this one then finds nothing left). */
export async function queueSync(ctx: AppContext, actor: Actor, id: number): Promise<ConnectorSyncQueued> {
  await rowOf(ctx, actor.companyId, id);
  const jobId = await ctx.jobs.enqueue(ctx.db, syncConnectorJob, {
    company_id: actor.companyId,
    connector_id: id,
    mode: 'auto',
  });
  return { job_id: jobId, connector_id: id };
}

export async function listConnectorLog(
  ctx: AppContext,
  companyId: number,
  id: number,
  query: ConnectorLogQuery,
): Promise<ConnectorLogPage> {
  await rowOf(ctx, companyId, id);
  let before: number | undefined;
  if (query.cursor !== undefined) {
    const parts = decodeCursor(query.cursor);
    if (parts?.[0] !== 'l' || typeof parts[1] !== 'number') throw invalidField('cursor', 'invalid_cursor');
    before = parts[1];
  }
  const rows = await listLog(ctx.db, companyId, id, { before, kind: query.kind, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.at,
      kind: r.kind as ConnectorLogPage['items'][number]['kind'],
      direction: r.direction,
      remote_type: r.remote_type,
      remote_id: r.remote_id,
      customer_id: r.customer_id,
      message: r.message,
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor(['l', last.id]) : null,
  };
}

/**
 * The code a failed connect test answers on `base_url`: the address refused,
 * the provider's refusal (4xx) or failure (5xx) as codes of ours, else unreachable.
 */
function baseUrlProblem(err: unknown): string {
  if (err instanceof ConnectorRequestError) return 'provider_rejected';
  if (
    err instanceof ConnectorUnreachableError &&
    (err.code === 'private_address' || err.code === 'provider_failed')
  )
    return err.code;
  return 'unreachable';
}
