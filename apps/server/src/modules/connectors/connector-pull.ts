import type { ConnectorCounts } from '@kontora/contract/connectors';
import { type CustomerWrites, customersByIds } from '../customers/customers.service.ts';
import type { CrmConnector, RemoteRecord } from './connector.ts';
import { applyNewCustomValues } from './connector-field-sync.ts';
import { type ConnectorActor, checkNew, updateFromRemote } from './connector-local.ts';
import { matchExistingByEmail } from './connector-match.ts';
import {
  insertLinks,
  linksByRemote,
  markSeen,
  type NewLogEntry,
  updateLink,
} from './connectors.repository.ts';
import { contentHash, syncedFieldsOf } from './content-hash.ts';

export interface PullScope {
  actor: ConnectorActor;
  connectorId: number;
  client: CrmConnector;
  /** The full pass this pull belongs to (links it touches are marked seen by it). */
  pass: number;
}

/**
 * Applies one page of remote records inside the caller's write session (whose
 * transaction also saves the checkpoint): unknown records become customers and links;
 * linked ones whose content hash differs from the link's are applied unless
 * the customer changed here later (the latest change wins). Counts and log
 * entries go into `counts` and `log`.
 */
export async function applyRemotePage(
  writes: CustomerWrites,
  scope: PullScope,
  records: RemoteRecord[],
  counts: ConnectorCounts,
  log: NewLogEntry[],
): Promise<void> {
  const { actor, connectorId, client, pass } = scope;
  const trx = writes.db;
  const type = records[0]?.type;
  if (type === undefined) return;
  const mapped = client.mappedFields[type] ?? [];
  counts.fetched += records.length;
  const entry = (
    r: RemoteRecord,
    kind: string,
    message: string,
    customerId: number | null = null,
  ): NewLogEntry => ({
    company_id: actor.companyId,
    connector_id: connectorId,
    at: new Date().toISOString(),
    kind,
    direction: 'pull',
    remote_type: r.type,
    remote_id: r.id,
    customer_id: customerId,
    message: message.slice(0, 1000),
  });
  // A page may repeat a record (paging over changing data): the last copy counts.
  const unique = [...new Map(records.map((r) => [r.id, r])).values()];
  const links = new Map(
    (
      await linksByRemote(
        trx,
        actor.companyId,
        connectorId,
        type,
        unique.map((r) => r.id),
      )
    ).map((l) => [l.remote_id, l]),
  );
  const customers = await customersByIds(
    trx,
    actor.companyId,
    [...links.values()].map((l) => l.customer_id),
  );
  const matched = await matchExistingByEmail(
    trx,
    actor.companyId,
    connectorId,
    unique.filter((r) => !links.has(r.id)),
  );
  const seen: number[] = [];
  const news: { record: RemoteRecord; fields: ReturnType<typeof checkNew> & { ok: true } }[] = [];
  const matchedLinks: { record: RemoteRecord; customerId: number; hash: string }[] = [];
  const now = new Date().toISOString();

  for (const record of unique) {
    const hash = contentHash(record.fields, mapped);
    const link = links.get(record.id);
    const existing = matched.get(record.id); // only records with no link were matched
    if (existing) {
      // The same person on both sides before the connection: link them; the newer side's values win.
      const differs = contentHash(syncedFieldsOf(existing), mapped) !== hash;
      const remoteNewer =
        (record.updatedAt ? Date.parse(record.updatedAt) : 0) > Date.parse(existing.updated_at);
      if (differs && remoteNewer) {
        const applied = await updateFromRemote(writes, existing, record.fields, mapped);
        if (!applied.ok) {
          counts.failed++;
          log.push(entry(record, 'record_failed', applied.reason, existing.id));
          continue;
        }
        if (applied.value) counts.updated++;
      }
      matchedLinks.push({ record, customerId: existing.id, hash });
      log.push(
        entry(
          record,
          'matched',
          differs && !remoteNewer
            ? 'Linked to the customer with the same email; the values in Kontora are newer and are kept.'
            : 'Linked to the customer with the same email instead of importing a copy.',
          existing.id,
        ),
      );
      continue;
    }
    if (!link) {
      const checked = checkNew(record.fields, mapped);
      if (checked.ok) news.push({ record, fields: checked });
      else {
        counts.failed++;
        log.push(entry(record, 'record_failed', checked.reason));
      }
      continue;
    }
    seen.push(link.id);
    if (hash === link.content_hash) {
      // Unchanged since both sides agreed, or our own write coming back: nothing to do.
      if (record.updatedAt !== link.remote_updated_at) {
        await updateLink(trx, actor.companyId, link.id, {
          remote_updated_at: record.updatedAt,
          updated_at: now,
        });
      }
      continue;
    }
    const current = customers.get(link.customer_id);
    if (!current) continue; // deleted here meanwhile: the push deletes it remotely
    const localChanged = contentHash(syncedFieldsOf(current), mapped) !== link.content_hash;
    if (localChanged) {
      const remoteAt = record.updatedAt ? Date.parse(record.updatedAt) : 0;
      if (Date.parse(current.updated_at) > remoteAt) {
        log.push(
          entry(
            record,
            'conflict',
            'Changed on both sides; the change in Kontora is newer and is kept.',
            current.id,
          ),
        );
        continue;
      }
      log.push(
        entry(
          record,
          'conflict',
          'Changed on both sides; the remote change is newer and is applied.',
          current.id,
        ),
      );
    }
    const applied = await updateFromRemote(writes, current, record.fields, mapped);
    if (!applied.ok) {
      counts.failed++;
      log.push(entry(record, 'record_failed', applied.reason, current.id));
      continue;
    }
    if (applied.value) counts.updated++;
    await updateLink(trx, actor.companyId, link.id, {
      content_hash: hash,
      remote_updated_at: record.updatedAt,
      updated_at: now,
    });
  }

  await markSeen(trx, actor.companyId, seen, pass);
  const ids = await writes.importMany(news.map((n) => n.fields.value));
  counts.created += ids.length;
  // An import batch takes no values of the company's own fields: the mapped ones follow.
  await applyNewCustomValues(
    writes,
    scope,
    ids,
    news.map((n) => n.record),
    log,
  );
  await insertLinks(
    trx,
    matchedLinks.map((m) => ({
      company_id: actor.companyId,
      connector_id: connectorId,
      customer_id: m.customerId,
      remote_type: type,
      remote_id: m.record.id,
      remote_updated_at: m.record.updatedAt,
      content_hash: m.hash,
      seen_pass: pass,
      updated_at: now,
    })),
  );
  await insertLinks(
    trx,
    news.map((n, i) => ({
      company_id: actor.companyId,
      connector_id: connectorId,
      customer_id: ids[i] as number,
      remote_type: type,
      remote_id: n.record.id,
      remote_updated_at: n.record.updatedAt,
      content_hash: contentHash(n.record.fields, mapped),
      seen_pass: pass,
      updated_at: now,
    })),
  );
}
