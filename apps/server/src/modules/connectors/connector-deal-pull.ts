import type { ConnectorCounts } from '@kontora/contract/connectors';
import { DealCreateBody } from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { type DealWrites, pipelinesForSync, writeDeals } from '../deals/deals.service.ts';
import type { RemoteDeal, RemotePipeline } from './connector-deal.ts';
import { removeGoneDeals } from './connector-deal-gone.ts';
import { dealLogEntry, refusalText } from './connector-deal-log.ts';
import { dealHash, type LocalPipelines, toLocal } from './connector-deal-map.ts';
import { type OwnerMap, ownersOf } from './connector-deal-owner.ts';
import { ConnectorAuthError, ConnectorRequestError, errorText } from './connector-errors.ts';
import { createWithCustom, dealsWithCustom } from './connector-field-sync.ts';
import type { PullScope } from './connector-pull.ts';
import { insertLog, linksByRemote, type NewLogEntry, updateConnector } from './connectors.repository.ts';
import {
  dealLinksByRemote,
  insertDealLink,
  markDealLinksSeen,
  updateDealLink,
} from './deal-links.repository.ts';

/**
 * The provider's pipelines, or null when it refuses them (a token without
 * access to deals): the customers are kept in step all the same, and the log
 * says why the deals are not.
 */
export async function remotePipelinesOf(
  ctx: AppContext,
  scope: PullScope,
  direction: 'pull' | 'push',
  signal?: AbortSignal,
): Promise<RemotePipeline[] | null> {
  try {
    return await scope.client.deals.pipelines(signal);
  } catch (err) {
    if (!(err instanceof ConnectorAuthError || err instanceof ConnectorRequestError)) throw err;
    await insertLog(ctx.db, [
      dealLogEntry(
        scope,
        direction,
        null,
        'record_failed',
        `Deals are not synced: the provider refused its deal pipelines (${errorText(err)}).`,
      ),
    ]);
    return null;
  }
}

/**
 * Pulls the provider's deals (all of them, or those changed since `since`),
 * a page per transaction through the deals' write door: unknown deals are
 * created with their organisation and people where those are linked
 * customers; linked ones whose content hash differs from the link's are
 * applied unless the deal changed here later (the latest change wins). A
 * deal whose stage has no Kontora stage of its name is skipped and logged.
 * Listing them all (`since` null, a full pass) ends with the deals whose
 * remote deal it did not see deleted here (connector-deal-gone.ts).
 */
export async function pullDeals(
  ctx: AppContext,
  scope: PullScope,
  since: string | null,
  counts: ConnectorCounts,
  lease: () => Record<string, unknown>,
  signal?: AbortSignal,
): Promise<void> {
  const remote = await remotePipelinesOf(ctx, scope, 'pull', signal);
  if (!remote) return;
  // Asked for once there is a deal to map: most runs of an incremental pull list none.
  let owners: OwnerMap | null = null;
  let cursor: string | null = null;
  do {
    const page = await scope.client.deals.dealsPage(since, cursor, signal);
    cursor = page.next;
    if (page.deals.length > 0) owners ??= await ownersOf(ctx, scope, signal);
    const known = owners;
    await writeDeals(ctx, scope.actor, async (writes, trx) => {
      const log: NewLogEntry[] = [];
      if (known) await applyDeals(writes, scope, { remote, owners: known }, page.deals, counts, log);
      await insertLog(trx, log);
      await updateConnector(trx, scope.actor.companyId, scope.connectorId, lease());
    });
  } while (cursor);
  if (since === null) await removeGoneDeals(ctx, scope);
}

async function applyDeals(
  writes: DealWrites,
  scope: PullScope,
  { remote, owners }: { remote: RemotePipeline[]; owners: OwnerMap },
  records: RemoteDeal[],
  counts: ConnectorCounts,
  log: NewLogEntry[],
): Promise<void> {
  const { actor, connectorId, client } = scope;
  const api = client.deals;
  const trx = writes.db;
  const companyId = actor.companyId;
  const unique = [...new Map(records.map((r) => [r.id, r])).values()];
  if (unique.length === 0) return;
  counts.fetched += unique.length;
  const local: LocalPipelines = await pipelinesForSync(trx, companyId);
  const links = new Map(
    (
      await dealLinksByRemote(
        trx,
        companyId,
        connectorId,
        unique.map((r) => r.id),
      )
    ).map((l) => [l.remote_id, l]),
  );
  const deals = await dealsWithCustom(
    trx,
    companyId,
    [...links.values()].map((l) => l.deal_id),
  );
  const note = (r: RemoteDeal, kind: string, message: string) =>
    log.push(dealLogEntry(scope, 'pull', r.id, kind, message));
  const now = new Date().toISOString();
  // Every linked deal listed still exists remotely, whatever becomes of it below.
  await markDealLinksSeen(
    trx,
    companyId,
    [...links.values()].map((l) => l.id),
    scope.pass,
  );

  for (const record of unique) {
    const link = links.get(record.id);
    const current = link ? deals.get(link.deal_id) : undefined;
    if (link && !current) continue; // deleted here meanwhile: the push deletes it remotely
    const mapped = toLocal(record.fields, remote, local, api, current?.pipeline_id ?? null);
    if (!mapped.ok) {
      counts.failed++;
      note(record, 'record_failed', mapped.reason);
      continue;
    }
    const values = { ...mapped.value, owner_id: owners.toLocal(record.fields.ownerId) };
    const checked = DealCreateBody.safeParse({
      title: values.title,
      amount: values.amount_cents === null ? null : values.amount_cents / 100,
      currency: values.currency,
      expected_close_date: values.expected_close_date,
      lost_reason: values.lost_reason,
    });
    if (!checked.success) {
      counts.failed++;
      const why = checked.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
      note(record, 'record_failed', `Deal “${values.title}”: ${why.join('; ')}`);
      continue;
    }
    const hash = dealHash(values, api);
    try {
      if (!link || !current) {
        const id = await createWithCustom(writes, values.custom, {
          ...values,
          probability: null,
          ...(await partiesOf(trx, scope, record)),
          tags: [],
          notes: null,
        });
        await insertDealLink(trx, {
          company_id: companyId,
          connector_id: connectorId,
          deal_id: id,
          remote_id: record.id,
          remote_updated_at: record.updatedAt,
          content_hash: hash,
          seen_pass: scope.pass,
          updated_at: now,
        });
        counts.created++;
        continue;
      }
      if (hash === link.content_hash) {
        // Unchanged since both sides agreed, or our own write coming back.
        if (record.updatedAt !== link.remote_updated_at)
          await updateDealLink(trx, companyId, link.id, {
            remote_updated_at: record.updatedAt,
            updated_at: now,
          });
        continue;
      }
      const localHash = dealHash({ ...current, owner_id: owners.shared(current.owner_id) }, api);
      if (localHash === hash) {
        // Both sides already agree (e.g. the same change made on both): only the link learns it.
        await updateDealLink(trx, companyId, link.id, {
          content_hash: hash,
          remote_updated_at: record.updatedAt,
          updated_at: now,
        });
        continue;
      }
      if (localHash !== link.content_hash) {
        const remoteAt = record.updatedAt ? Date.parse(record.updatedAt) : 0;
        const keep = Date.parse(current.updated_at) > remoteAt;
        note(
          record,
          'conflict',
          `Deal “${current.title}” changed on both sides; the ${keep ? 'change in Kontora' : 'remote change'} is newer and is ${keep ? 'kept' : 'applied'}.`,
        );
        if (keep) continue;
      }
      // A remote owner who is no member leaves an owner the provider does not know as it is.
      const owner = values.owner_id ?? (owners.shared(current.owner_id) === null ? current.owner_id : null);
      const after = { ...current, ...values, owner_id: owner };
      if ((await writes.change(current, after, undefined, values.custom)).length) counts.updated++;
      await updateDealLink(trx, companyId, link.id, {
        content_hash: hash,
        remote_updated_at: record.updatedAt,
        updated_at: now,
      });
    } catch (err) {
      // The door checks before it writes, so the page's transaction goes on.
      if (!(err instanceof AppError)) throw err;
      counts.failed++;
      note(record, 'record_failed', `Deal “${values.title}”: ${refusalText(err)}`);
    }
  }
}

/** The deal's organisation and people that are linked customers of this connection (others are left out). */
async function partiesOf(
  trx: Database,
  scope: PullScope,
  record: RemoteDeal,
): Promise<{ organisation_id: number | null; customer_ids: number[] }> {
  const { actor, connectorId, client } = scope;
  const { organisationId, personIds } = record.fields;
  const customerOf = async (type: string, ids: string[]) =>
    new Map(
      (await linksByRemote(trx, actor.companyId, connectorId, type, ids)).map((l) => [
        l.remote_id,
        l.customer_id,
      ]),
    );
  const orgs = await customerOf(client.deals.organisationType, organisationId ? [organisationId] : []);
  const people = await customerOf(client.deals.personType, personIds);
  return {
    organisation_id: organisationId ? (orgs.get(organisationId) ?? null) : null,
    customer_ids: personIds.flatMap((id) => people.get(id) ?? []),
  };
}
