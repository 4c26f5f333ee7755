import type { ChangeEntry } from '@kontora/contract/change-feed';
import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';
import type { PushItem } from './connector.ts';
import { errorText } from './connector-errors.ts';
import { customersById } from './connector-local.ts';
import type { PullScope } from './connector-pull.ts';
import {
  deleteLinks,
  insertLinks,
  insertLog,
  type LinkRow,
  linksByCustomer,
  type NewLogEntry,
  updateConnector,
  updateLink,
} from './connectors.repository.ts';
import { contentHash, syncedFieldsOf } from './content-hash.ts';

/** Feed entries one push step reads; its position is saved after each step. */
const FEED_PAGE = 500;

/** The customers an entry asks to push (upserts) or to delete remotely. */
function touched(entry: ChangeEntry): { upserts: number[]; deletes: number[] } {
  const ids = (entry.data as { ids?: number[] } | null)?.ids ?? [];
  const id = entry.entity.id;
  switch (entry.type) {
    case 'customer.created':
    case 'customer.updated':
    case 'customer.merged':
    case 'customer.merge_undone':
      return { upserts: id === null ? [] : [id], deletes: [] };
    case 'customer.imported':
      return { upserts: ids, deletes: [] };
    case 'customer.deleted':
      return { upserts: [], deletes: id === null ? [] : [id] };
    case 'customer.bulk_deleted':
      return { upserts: [], deletes: ids };
    default:
      return { upserts: [], deletes: [] };
  }
}

/**
 * Pushes the company's customer changes made since the connector's feed
 * position, except its own (named by its actor): creates and updates in
 * batches, deletions one by one. A customer whose content hash equals its
 * link's is not sent (nothing new, or it came from the provider); one whose
 * remote record changed later than it did is left to the pull (latest wins).
 */
export async function pushLocalChanges(
  ctx: AppContext,
  scope: PullScope,
  after: number,
  counts: ConnectorCounts,
  onStep: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const { actor, connectorId, client } = scope;
  const companyId = actor.companyId;
  let position = after;
  for (;;) {
    const entries = await readChanges(ctx, companyId, position, FEED_PAGE);
    if (entries.length === 0) return;
    const upserts = new Set<number>();
    const deletes = new Set<number>();
    for (const entry of entries) {
      if (entry.actor.kind === 'system' && entry.actor.name === actor.change.name) continue;
      const t = touched(entry);
      for (const id of t.upserts) upserts.add(id);
      for (const id of t.deletes) {
        deletes.add(id);
        upserts.delete(id);
      }
    }
    const log: NewLogEntry[] = [];
    const note = (
      kind: string,
      link: { remote_type: string; remote_id: string } | null,
      customerId: number,
      message: string,
    ) =>
      log.push({
        company_id: companyId,
        connector_id: connectorId,
        at: new Date().toISOString(),
        kind,
        direction: 'push',
        remote_type: link?.remote_type ?? null,
        remote_id: link?.remote_id ?? null,
        customer_id: customerId,
        message: message.slice(0, 1000),
      });

    for (const link of await linksByCustomer(ctx.db, companyId, connectorId, [...deletes])) {
      try {
        await client.remove(link.remote_type, link.remote_id, signal);
        await deleteLinks(ctx.db, companyId, [link.id]);
        note('deleted', link, link.customer_id, 'Deleted in Kontora; deleted remotely.');
      } catch (err) {
        counts.failed++;
        note('record_failed', link, link.customer_id, errorText(err));
      }
    }

    const customers = await customersById(ctx.db, companyId, [...upserts]);
    const links = new Map(
      (await linksByCustomer(ctx.db, companyId, connectorId, [...customers.keys()])).map((l) => [
        l.customer_id,
        l,
      ]),
    );
    const byType = new Map<string, { item: PushItem; link: LinkRow | undefined; hash: string }[]>();
    for (const customer of customers.values()) {
      const fields = syncedFieldsOf(customer);
      const link = links.get(customer.id);
      const type = link?.remote_type ?? client.remoteTypeOf(fields);
      const hash = contentHash(fields, client.mappedFields[type] ?? []);
      if (link && hash === link.content_hash) continue; // nothing new for the provider (or its own echo)
      if (link?.remote_updated_at && Date.parse(link.remote_updated_at) > Date.parse(customer.updated_at))
        continue;
      const list = byType.get(type) ?? [];
      list.push({ item: { key: customer.id, remoteId: link?.remote_id ?? null, fields }, link, hash });
      byType.set(type, list);
    }
    for (const [type, list] of byType) {
      for (let i = 0; i < list.length; i += client.pushBatch) {
        const slice = list.slice(i, i + client.pushBatch);
        let results: Awaited<ReturnType<typeof client.push>>;
        try {
          results = await client.push(
            type,
            slice.map((s) => s.item),
            signal,
          );
        } catch (err) {
          if (signal?.aborted) throw err;
          results = slice.map((s) => ({ key: s.item.key, ok: false as const, error: errorText(err) }));
        }
        const now = new Date().toISOString();
        const bySlice = new Map(slice.map((s) => [s.item.key, s]));
        for (const result of results) {
          const sent = bySlice.get(result.key);
          if (!sent) continue;
          if (!result.ok) {
            counts.failed++;
            note('record_failed', sent.link ?? null, result.key, result.error);
            continue;
          }
          if (sent.link) {
            counts.updated++;
            await updateLink(ctx.db, companyId, sent.link.id, {
              content_hash: sent.hash,
              remote_updated_at: result.updatedAt,
              updated_at: now,
            });
          } else {
            counts.created++;
            await insertLinks(ctx.db, [
              {
                company_id: companyId,
                connector_id: connectorId,
                customer_id: result.key,
                remote_type: type,
                remote_id: result.remoteId,
                remote_updated_at: result.updatedAt,
                content_hash: sent.hash,
                seen_pass: scope.pass,
                updated_at: now,
              },
            ]);
          }
        }
      }
    }
    position = (entries.at(-1) as ChangeEntry).id;
    await ctx.db.transaction().execute(async (trx) => {
      await insertLog(trx, log);
      await updateConnector(trx, companyId, connectorId, { push_after: position });
    });
    await onStep();
    if (entries.length < FEED_PAGE) return;
  }
}
