import type { ConnectorCounts } from '@kontora/contract/connectors';
import type { AppContext } from '../../context.ts';
import { dealsForSync, pipelinesForSync } from '../deals/deals.service.ts';
import type { RemoteDealFields } from './connector-deal.ts';
import { dealLogEntry } from './connector-deal-log.ts';
import { dealHash, toRemote } from './connector-deal-map.ts';
import { remotePipelinesOf } from './connector-deal-pull.ts';
import { ConnectorPausedError, ConnectorRequestError, errorText } from './connector-errors.ts';
import type { PullScope } from './connector-pull.ts';
import { linksByCustomer, type NewLogEntry } from './connectors.repository.ts';
import { dealLinksByDeal, deleteDealLink, insertDealLink, updateDealLink } from './deal-links.repository.ts';

const providerName = (scope: PullScope) => (scope.client.provider === 'hubspot' ? 'HubSpot' : 'Pipedrive');

/**
 * Pushes the deals the change feed named since the push's position (not the
 * connector's own changes, which the caller leaves out): deleted ones are
 * deleted remotely, the others created or updated one at a time. A deal whose
 * content hash equals its link's is not sent (nothing new, or it came from
 * the provider); one whose remote deal changed later is left to the pull. A
 * create also names the deal's organisation and people where those are
 * linked to remote records.
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
  const deals = await dealsForSync(ctx.db, companyId, upserts);
  if (deals.size === 0) return;
  const links = new Map(
    (await dealLinksByDeal(ctx.db, companyId, connectorId, [...deals.keys()])).map((l) => [l.deal_id, l]),
  );
  const outgoing = [...deals.values()].filter((deal) => {
    const link = links.get(deal.id);
    if (link && dealHash(deal, api) === link.content_hash) return false;
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
    const fields: RemoteDealFields = link
      ? mapped.value
      : { ...mapped.value, ...(await partiesOf(ctx, scope, deal)) };
    try {
      const answer = await api.pushDeal(link?.remote_id ?? null, fields, signal);
      const now = new Date().toISOString();
      const saved = {
        content_hash: dealHash(deal, api),
        remote_updated_at: answer.updatedAt,
        updated_at: now,
      };
      if (link) {
        await updateDealLink(ctx.db, companyId, link.id, saved);
        counts.updated++;
      } else {
        await insertDealLink(ctx.db, {
          company_id: companyId,
          connector_id: connectorId,
          deal_id: deal.id,
          remote_id: answer.remoteId,
          ...saved,
        });
        counts.created++;
      }
    } catch (err) {
      if (err instanceof ConnectorPausedError) throw err;
      fail(link?.remote_id ?? null, err);
    }
  }
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
