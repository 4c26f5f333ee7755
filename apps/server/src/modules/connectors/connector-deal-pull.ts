import type { ConnectorCounts } from '@kontora/contract/connectors';
import { DealCreateBody } from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { type DealWrites, pipelinesForSync, writeDeals } from '../deals/deals.service.ts';
import type { RemoteDeal, RemotePipeline } from './connector-deal.ts';
import { removeGoneDeals } from './connector-deal-gone.ts';
import { dealLogEntry, refusalText } from './connector-deal-log.ts';
import { dealHash, type LocalPipelines, toLocal } from './connector-deal-map.ts';
import { type OwnerMap, ownersOf } from './connector-deal-owner.ts';
import {
  localView,
  partiesFromRemote,
  partyLinks,
  remoteView,
  skippedText,
} from './connector-deal-parties.ts';
import { ConnectorAuthError, ConnectorRequestError, errorText } from './connector-errors.ts';
import { createWithCustom, dealsWithCustom } from './connector-field-sync.ts';
import type { PullScope } from './connector-pull.ts';
import { insertLog, type NewLogEntry, updateConnector } from './connectors.repository.ts';
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
 * customers; linked ones whose content hash (which covers who the deal is
 * with, connector-deal-parties.ts) differs from the link's are applied unless
 * the deal changed here later (the latest change wins). A
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
    await completePeople(scope, page.deals, signal);
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
  const parties = await partyLinks(
    trx,
    scope,
    unique.map((r) => r.fields),
    [...deals.values()],
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
    const values = {
      ...mapped.value,
      owner_id: owners.toLocal(record.fields.ownerId),
      parties: remoteView(record.fields, parties),
    };
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
    const { parties: _view, ...fields } = values;
    const who = partiesFromRemote(current ?? null, record.fields, parties);
    const skipped = () => {
      if (who.skipped.length)
        note(record, 'skipped', skippedText(values.title, who.skipped.length, 'remote'));
    };
    try {
      if (!link || !current) {
        const id = await createWithCustom(writes, values.custom, {
          ...fields,
          probability: null,
          organisation_id: who.organisation_id,
          customer_ids: who.customer_ids,
          tags: [],
          notes: null,
        });
        skipped();
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
      const localHash = dealHash(
        { ...current, owner_id: owners.shared(current.owner_id), parties: localView(current, parties) },
        api,
      );
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
      const after = { ...current, ...fields, owner_id: owner, ...pick(who) };
      if ((await writes.change(current, after, undefined, values.custom)).length) counts.updated++;
      skipped();
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

const pick = ({
  organisation_id,
  customer_ids,
}: {
  organisation_id: number | null;
  customer_ids: number[];
}) => ({
  organisation_id,
  customer_ids,
});

/**
 * Reads the rest of the people of the listed deals whose listing named only some
 * (Pipedrive's participants beyond the primary person). Every such deal listed is read:
 * its modified time has whole seconds, so an unchanged time does not prove it unchanged.
 */
async function completePeople(scope: PullScope, records: RemoteDeal[], signal?: AbortSignal): Promise<void> {
  for (const record of records.filter((r) => r.fields.morePeople)) {
    const more = await scope.client.deals.morePeople(record.id, signal);
    record.fields.personIds = [...new Set([...record.fields.personIds, ...more])];
    record.fields.morePeople = false;
  }
}
