import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { pipelinesForSync, type SyncedDeal } from '../deals/deals.service.ts';
import type { RemoteDealFields, RemoteParties } from './connector-deal.ts';
import { dealLogEntry } from './connector-deal-log.ts';
import { dealHash, toRemote } from './connector-deal-map.ts';
import { ownersOf } from './connector-deal-owner.ts';
import {
  localView,
  type PartyView,
  partyLinks,
  planParties,
  remoteView,
  skippedText,
} from './connector-deal-parties.ts';
import { remotePipelinesOf } from './connector-deal-pull.ts';
import { ConnectorPausedError, ConnectorRequestError, errorText } from './connector-errors.ts';
import { dealsWithCustom } from './connector-field-sync.ts';
import type { PullScope } from './connector-pull.ts';
import type { NewLogEntry } from './connectors.repository.ts';
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
 * linked to remote records; an update then changes who the remote deal is
 * with (pushParties). Before a create, its intent is saved (a pending
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
  /** Values of newly mapped fields: sent even where the remote deal changed later (the run's pull came first). */
  overRemote = false,
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
  const localLinks = await partyLinks(ctx.db, scope, [], [...deals.values()]);
  const hashOf = (deal: SyncedDeal, parties: PartyView = localView(deal, localLinks)) =>
    dealHash({ ...deal, owner_id: owners.shared(deal.owner_id), parties }, api);
  const outgoing = [...deals.values()].filter((deal) => {
    const link = links.get(deal.id);
    if (link?.pending_since) return false;
    if (link && hashOf(deal) === link.content_hash) return false;
    if (overRemote) return true;
    return !(link?.remote_updated_at && Date.parse(link.remote_updated_at) > Date.parse(deal.updated_at));
  });
  if (outgoing.length === 0) return;
  const remote = await remotePipelinesOf(ctx, scope, 'push', signal);
  if (!remote) return;
  const local = await pipelinesForSync(ctx.db, companyId);
  // Who the linked deals are with remotely now, read together where the provider allows (HubSpot).
  const before = await api.partiesOf(
    outgoing.flatMap((d) => links.get(d.id)?.remote_id ?? []),
    signal,
  );
  for (const deal of outgoing) {
    const link = links.get(deal.id);
    const mapped = toRemote(deal, remote, local, api, providerName(scope));
    if (!mapped.ok) {
      counts.failed++;
      log.push(dealLogEntry(scope, 'push', link?.remote_id ?? null, 'record_failed', mapped.reason));
      continue;
    }
    const view = localView(deal, localLinks);
    const owned = { ...mapped.value, ownerId: deal.owner_id === null ? '' : owners.toRemote(deal.owner_id) };
    const fields: RemoteDealFields = link
      ? owned
      : { ...owned, organisationId: view.organisationId, personIds: view.personIds };
    const intent = link ? null : await saveIntent(ctx, scope, deal.id);
    let sent: { remoteId: string; linkId: number; current: RemoteParties | null; updatedAt: string | null };
    try {
      const answer = await api.pushDeal(link?.remote_id ?? null, fields, signal);
      dealPushTestHooks.afterRemoteWrite?.();
      // Who the remote deal is with now: read before, answered by the update, or as just created.
      const current = before.get(answer.remoteId) ?? answer.fields ?? (link ? null : fields);
      sent = {
        remoteId: answer.remoteId,
        linkId: (link ?? (intent as DealLinkRow)).id,
        current,
        updatedAt: answer.updatedAt,
      };
      const links = current ? await partyLinks(ctx.db, scope, [current], []) : null;
      // Until its parties are changed too, the link holds what the remote deal is now.
      await updateDealLink(ctx.db, companyId, sent.linkId, {
        remote_id: answer.remoteId,
        pending_since: null,
        content_hash: current && links ? hashOf(deal, remoteView(current, links)) : hashOf(deal),
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
      continue;
    }
    if (view.unknown.length)
      log.push(
        dealLogEntry(
          scope,
          'push',
          sent.remoteId,
          'skipped',
          skippedText(deal.title, view.unknown.length, 'here'),
        ),
      );
    try {
      await pushParties(ctx, scope, deal, view, sent, hashOf(deal), signal);
    } catch (err) {
      if (err instanceof ConnectorPausedError) throw err;
      fail(sent.remoteId, err);
    }
  }
}

/**
 * Makes who the remote deal is with match Kontora's view of it (connector-deal-parties.ts),
 * then lets the link hold the deal's full hash.
 */
async function pushParties(
  ctx: AppContext,
  scope: PullScope,
  deal: SyncedDeal,
  view: PartyView,
  sent: { remoteId: string; linkId: number; current: RemoteParties | null; updatedAt: string | null },
  hash: string,
  signal?: AbortSignal,
): Promise<void> {
  const api = scope.client.deals;
  if (!sent.current) return;
  const current = { ...sent.current, personIds: [...sent.current.personIds] };
  if (sent.current.morePeople)
    current.personIds = [
      ...new Set([...current.personIds, ...(await api.morePeople(sent.remoteId, signal))]),
    ];
  const links = await partyLinks(ctx.db, scope, [current], [deal]);
  const change = planParties(current, view, links);
  const updatedAt = change ? await api.changeParties(sent.remoteId, change, signal) : null;
  await updateDealLink(ctx.db, scope.actor.companyId, sent.linkId, {
    content_hash: hash,
    remote_updated_at: updatedAt ?? sent.updatedAt,
    updated_at: new Date().toISOString(),
  });
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
