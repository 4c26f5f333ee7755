import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { pipelinesForSync, type SyncedDeal } from '../deals/deals.service.ts';
import type { RemoteDealFields } from './connector-deal.ts';
import { dealLogEntry } from './connector-deal-log.ts';
import { dealHash, toRemote } from './connector-deal-map.ts';
import { ownersOf } from './connector-deal-owner.ts';
import { remotePipelinesOf } from './connector-deal-pull.ts';
import { ConnectorPausedError, ConnectorRequestError, errorText } from './connector-errors.ts';
import { dealsWithCustom } from './connector-field-sync.ts';
import type { PullScope } from './connector-pull.ts';
import { linksByCustomer, type NewLogEntry } from './connectors.repository.ts';
import {
  type DealLinkRow,
  dealLinksByDeal,
  deleteDealLink,
  insertDealLink,
  pendingDealRemoteId,
  updateDealLink,
} from './deal-links.repository.ts';

/** Tests: a hook after the provider answered a deal push, before its link is saved (a crash lands here). */
export const dealPushTestHooks: { afterRemoteWrite?: () => void } = {};

const providerName = (scope: PullScope) => (scope.client.provider === 'hubspot' ? 'HubSpot' : 'Pipedrive');

/**
 * Pushes the deals the change feed named since the push's position (not the
 * connector's own changes, which the caller leaves out): deleted ones are
 * deleted remotely, the others created or updated one at a time. A deal whose
 * content hash equals its link's is not sent (nothing new, or it came from
 * the provider); one whose remote deal changed later is left to the pull. A
 * create also names the deal's organisation and people where those are
 * linked to remote records. Before a create, its intent is saved (a pending
 * link): a crash after the provider created the deal leaves the intent, and
 * the next run looks the deal up instead of creating it twice
 * (connector-deal-pending.ts).
 */
export async function pushDeals(
  ctx: AppContext,
  scope: PullScope,
  upserts: number[],
  deletes: number[],
  counts: ConnectorCounts,
  log: NewLogEntry[],
  signal?: AbortSignal,
): Promise<void> {
  const { actor, connectorId, client } = scope;
  const companyId = actor.companyId;
  const api = client.deals;
  const fail = (remoteId: string | null, err: unknown) => {
    if (signal?.aborted || !(err instanceof ConnectorRequestError)) throw err;
    counts.failed++;
    log.push(dealLogEntry(scope, 'push', remoteId, 'record_failed', errorText(err)));
  };
  for (const link of await dealLinksByDeal(ctx.db, companyId, connectorId, deletes)) {
    // A create under way: every run settles those first (connector-deal-pending.ts).
    if (link.pending_since !== null) continue;
    try {
      await api.removeDeal(link.remote_id, signal);
      await deleteDealLink(ctx.db, companyId, link.id);
      log.push(
        dealLogEntry(scope, 'push', link.remote_id, 'deleted', 'Deal deleted in Kontora; deleted remotely.'),
      );
    } catch (err) {
      fail(link.remote_id, err);
    }
  }
  const deals = await dealsWithCustom(ctx.db, companyId, upserts);
  if (deals.size === 0) return;
  const links = new Map(
    (await dealLinksByDeal(ctx.db, companyId, connectorId, [...deals.keys()])).map((l) => [l.deal_id, l]),
  );
  const owners = await ownersOf(ctx, scope, signal);
  const hashOf = (deal: SyncedDeal) => dealHash({ ...deal, owner_id: owners.shared(deal.owner_id) }, api);
  const outgoing = [...deals.values()].filter((deal) => {
    const link = links.get(deal.id);
    if (link?.pending_since) return false;
    if (link && hashOf(deal) === link.content_hash) return false;
    return !(link?.remote_updated_at && Date.parse(link.remote_updated_at) > Date.parse(deal.updated_at));
  });
  if (outgoing.length === 0) return;
  const remote = await remotePipelinesOf(ctx, scope, 'push', signal);
  if (!remote) return;
  const local = await pipelinesForSync(ctx.db, companyId);
  for (const deal of outgoing) {
    const link = links.get(deal.id);
    const mapped = toRemote(deal, remote, local, api, providerName(scope));
    if (!mapped.ok) {
      counts.failed++;
      log.push(dealLogEntry(scope, 'push', link?.remote_id ?? null, 'record_failed', mapped.reason));
      continue;
    }
    const owned = { ...mapped.value, ownerId: deal.owner_id === null ? '' : owners.toRemote(deal.owner_id) };
    const fields: RemoteDealFields = link ? owned : { ...owned, ...(await partiesOf(ctx, scope, deal)) };
    const intent = link ? null : await saveIntent(ctx, scope, deal.id);
    try {
      const answer = await api.pushDeal(link?.remote_id ?? null, fields, signal);
      dealPushTestHooks.afterRemoteWrite?.();
      await updateDealLink(ctx.db, companyId, (link ?? (intent as DealLinkRow)).id, {
        remote_id: answer.remoteId,
        pending_since: null,
        content_hash: hashOf(deal),
        remote_updated_at: answer.updatedAt,
        updated_at: new Date().toISOString(),
      });
      if (link) counts.updated++;
      else counts.created++;
    } catch (err) {
      // Refused (or never sent, the budget used up): nothing was created, the intent goes.
      // Any other failure leaves the outcome unknown: the intent stays for the next run to look up.
      if (intent && (err instanceof ConnectorPausedError || err instanceof ConnectorRequestError))
        await deleteDealLink(ctx.db, companyId, intent.id);
      if (err instanceof ConnectorPausedError) throw err;
      fail(link?.remote_id ?? null, err);
    }
  }
}

/** The intent of a remote create: a pending link with a placeholder remote id, saved before the request. */
async function saveIntent(ctx: AppContext, scope: PullScope, dealId: number): Promise<DealLinkRow> {
  const companyId = scope.actor.companyId;
  const now = new Date().toISOString();
  await insertDealLink(ctx.db, {
    company_id: companyId,
    connector_id: scope.connectorId,
    deal_id: dealId,
    remote_id: pendingDealRemoteId(dealId),
    remote_updated_at: null,
    content_hash: '',
    seen_pass: scope.pass,
    pending_since: now,
    updated_at: now,
  });
  const [intent] = await dealLinksByDeal(ctx.db, companyId, scope.connectorId, [dealId]);
  return intent as DealLinkRow;
}

/** The remote ids of the deal's organisation and people, where they are linked (others are left out). */
async function partiesOf(
  ctx: AppContext,
  scope: PullScope,
  deal: { organisation_id: number | null; customer_ids: number[] },
): Promise<Pick<RemoteDealFields, 'organisationId' | 'personIds'>> {
  const { actor, connectorId, client } = scope;
  const ids = [...(deal.organisation_id === null ? [] : [deal.organisation_id]), ...deal.customer_ids];
  const links = new Map(
    (await linksByCustomer(ctx.db, actor.companyId, connectorId, ids))
      .filter((l) => l.pending_since === null)
      .map((l) => [l.customer_id, l]),
  );
  const org = deal.organisation_id === null ? undefined : links.get(deal.organisation_id);
  return {
    organisationId: org?.remote_type === client.deals.organisationType ? org.remote_id : null,
    personIds: deal.customer_ids.flatMap((id) => {
      const l = links.get(id);
      return l?.remote_type === client.deals.personType ? [l.remote_id] : [];
    }),
  };
}
