import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { customersByIds } from '../customers/customers.service.ts';
import type { PushItem, PushResult } from './connector.ts';
import { ConnectorPausedError, errorText, PushInterrupted } from './connector-errors.ts';
import type { PullScope } from './connector-pull.ts';
import {
  deleteLinks,
  insertLinks,
  type LinkRow,
  linksByCustomer,
  type NewLogEntry,
  pendingRemoteId,
  updateLink,
} from './connectors.repository.ts';
import { contentHash, syncedFieldsOf } from './content-hash.ts';

/** The push's log entries of one step, saved by the caller with its position. */
export interface PushLog {
  entries: NewLogEntry[];
  note(
    kind: string,
    link: { remote_type: string; remote_id: string } | null,
    customerId: number,
    message: string,
  ): void;
}

export function pushLog(companyId: number, connectorId: number): PushLog {
  const entries: NewLogEntry[] = [];
  return {
    entries,
    note: (kind, link, customerId, message) =>
      entries.push({
        company_id: companyId,
        connector_id: connectorId,
        at: new Date().toISOString(),
        kind,
        direction: 'push',
        remote_type: link?.remote_type ?? null,
        remote_id: link?.remote_id ?? null,
        customer_id: customerId,
        message: message.slice(0, 1000),
      }),
  };
}

/** Tests: a hook after the provider answered a push, before its links are saved (a crash lands here). */
export const pushTestHooks: { afterRemoteWrite?: () => void } = {};

interface Outgoing {
  item: PushItem;
  link: LinkRow | undefined;
  hash: string;
}

/**
 * Creates or updates these customers remotely, in batches of the provider's
 * size. A customer whose content hash equals its link's is not sent (nothing
 * new, or it came from the provider); one whose remote record changed later
 * than it did is left to the pull (latest wins). Before a create, its intent
 * is saved (a pending link): a crash after the provider created the record
 * leaves the intent, and the next run looks the record up instead of
 * creating it twice (connector-pending.ts).
 */
export async function pushCustomers(
  ctx: AppContext,
  scope: PullScope,
  ids: number[],
  counts: ConnectorCounts,
  log: PushLog,
  signal?: AbortSignal,
  /** Values of newly mapped fields: sent even where the remote record changed later (the run's pull came first). */
  overRemote = false,
): Promise<void> {
  const { actor, connectorId, client } = scope;
  const companyId = actor.companyId;
  const customers = await customersByIds(ctx.db, companyId, ids);
  const links = new Map(
    (await linksByCustomer(ctx.db, companyId, connectorId, [...customers.keys()])).map((l) => [
      l.customer_id,
      l,
    ]),
  );
  const byType = new Map<string, Outgoing[]>();
  for (const customer of customers.values()) {
    const fields = syncedFieldsOf(customer);
    const link = links.get(customer.id);
    if (link?.pending_since) continue; // a create under way: every run looks those up first
    const type = link?.remote_type ?? client.remoteTypeOf(fields);
    const hash = contentHash(fields, client.mappedFields[type] ?? []);
    if (link && hash === link.content_hash) continue;
    if (
      !overRemote &&
      link?.remote_updated_at &&
      Date.parse(link.remote_updated_at) > Date.parse(customer.updated_at)
    )
      continue;
    const list = byType.get(type) ?? [];
    list.push({ item: { key: customer.id, remoteId: link?.remote_id ?? null, fields }, link, hash });
    byType.set(type, list);
  }
  for (const [type, list] of byType) {
    for (let i = 0; i < list.length; i += client.pushBatch) {
      await pushSlice(ctx, scope, type, list.slice(i, i + client.pushBatch), counts, log, signal);
    }
  }
}

async function pushSlice(
  ctx: AppContext,
  scope: PullScope,
  type: string,
  slice: Outgoing[],
  counts: ConnectorCounts,
  log: PushLog,
  signal?: AbortSignal,
): Promise<void> {
  const { actor, connectorId, client } = scope;
  const companyId = actor.companyId;
  const creates = slice.filter((s) => !s.link).map((s) => s.item.key);
  await insertLinks(
    ctx.db,
    slice
      .filter((s) => !s.link)
      .map((s) => ({
        company_id: companyId,
        connector_id: connectorId,
        customer_id: s.item.key,
        remote_type: type,
        remote_id: pendingRemoteId(s.item.key),
        remote_updated_at: null,
        content_hash: s.hash,
        seen_pass: scope.pass,
        pending_since: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })),
  );
  const pending = new Map(
    (await linksByCustomer(ctx.db, companyId, connectorId, creates)).map((l) => [l.customer_id, l]),
  );
  let results: PushResult[];
  /** The budget ran out: the records not answered were refused before any write, and wait for the next run. */
  let paused: ConnectorPausedError | null = null;
  const untried = new Set<number>();
  try {
    results = await client.push(
      type,
      slice.map((s) => s.item),
      signal,
    );
  } catch (err) {
    const done = err instanceof PushInterrupted ? err.done : [];
    const reason = err instanceof PushInterrupted ? err.reason : err;
    if (signal?.aborted) throw reason;
    if (reason instanceof ConnectorPausedError) paused = reason;
    const answered = new Set(done.map((r) => r.key));
    const rest = slice.filter((s) => !answered.has(s.item.key));
    if (paused) for (const s of rest) untried.add(s.item.key);
    // Otherwise the outcome is unknown: creates stay pending and are looked up by the next run.
    results = [
      ...done,
      ...rest.map((s) => ({
        key: s.item.key,
        ok: false as const,
        error: errorText(reason),
        unknown: !paused,
      })),
    ];
  }
  pushTestHooks.afterRemoteWrite?.();
  const now = new Date().toISOString();
  const bySlice = new Map(slice.map((s) => [s.item.key, s]));
  for (const result of results) {
    const sent = bySlice.get(result.key);
    if (!sent) continue;
    const intent = pending.get(result.key);
    if (!result.ok) {
      if (!untried.has(result.key)) {
        counts.failed++;
        log.note('record_failed', sent.link ?? null, result.key, result.error);
      }
      // Refused outright (or never sent): nothing was created, the intent goes.
      if (intent && !result.unknown) await deleteLinks(ctx.db, companyId, [intent.id]);
      continue;
    }
    if (sent.link) counts.updated++;
    else counts.created++;
    const link = sent.link ?? intent;
    if (!link) continue;
    await updateLink(ctx.db, companyId, link.id, {
      remote_id: result.remoteId,
      pending_since: null,
      content_hash: sent.hash,
      remote_updated_at: result.updatedAt,
      updated_at: now,
    });
  }
  if (paused) throw paused;
}
