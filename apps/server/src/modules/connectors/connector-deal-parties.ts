import type { Database } from '../../db/database.ts';
import type { PartyChange, RemoteParties } from './connector-deal.ts';
import type { PullScope } from './connector-pull.ts';
import { linksByCustomer, linksByRemote } from './connectors.repository.ts';

/**
 * Who a deal is with, across the two sides (docs/decisions/073-connector-deal-parties.md).
 * A side's view keeps only the organisation and people linked to a record on the other
 * side (customer links of the connection); the content hash covers the view, and a sync
 * makes the two views equal. Records the other side does not know are left as they are
 * on their own side: they are skipped (and logged), never removed.
 */

/** The parties both sides know, in remote ids (people in the side's own order). */
export interface PartyView {
  organisationId: string | null;
  personIds: string[];
}

/** A deal's parties in Kontora. */
export interface LocalParties {
  organisation_id: number | null;
  customer_ids: number[];
}

/** The customer links of one connection that concern some deals' parties, both ways. */
export interface PartyLinks {
  /** The customer a remote organisation (or person) is, if linked. */
  customerOfOrganisation(remoteId: string): number | undefined;
  customerOfPerson(remoteId: string): number | undefined;
  /** The remote organisation (or person) a customer is, if linked. */
  remoteOrganisation(customerId: number): string | undefined;
  remotePerson(customerId: number): string | undefined;
}

/** Reads the links the parties of these remote and local deals need (pending creates are no link yet). */
export async function partyLinks(
  db: Database,
  scope: PullScope,
  remote: RemoteParties[],
  local: LocalParties[],
): Promise<PartyLinks> {
  const { actor, connectorId, client } = scope;
  const { organisationType, personType } = client.deals;
  const companyId = actor.companyId;
  const orgIds = [...new Set(remote.flatMap((r) => (r.organisationId ? [r.organisationId] : [])))];
  const personIds = [...new Set(remote.flatMap((r) => r.personIds))];
  const customerIds = [
    ...new Set(
      local.flatMap((d) => [...(d.organisation_id === null ? [] : [d.organisation_id]), ...d.customer_ids]),
    ),
  ];
  const settled = <T extends { pending_since: string | null }>(rows: T[]) =>
    rows.filter((l) => l.pending_since === null);
  const byRemote = [
    ...settled(await linksByRemote(db, companyId, connectorId, organisationType, orgIds)),
    ...settled(await linksByRemote(db, companyId, connectorId, personType, personIds)),
  ];
  const byCustomer = settled(await linksByCustomer(db, companyId, connectorId, customerIds));
  const customerOf = (type: string) =>
    new Map(
      [...byRemote, ...byCustomer]
        .filter((l) => l.remote_type === type)
        .map((l) => [l.remote_id, l.customer_id]),
    );
  const remoteOf = (type: string) =>
    new Map(
      [...byRemote, ...byCustomer]
        .filter((l) => l.remote_type === type)
        .map((l) => [l.customer_id, l.remote_id]),
    );
  const orgCustomers = customerOf(organisationType);
  const personCustomers = customerOf(personType);
  const orgRemotes = remoteOf(organisationType);
  const personRemotes = remoteOf(personType);
  return {
    customerOfOrganisation: (id) => orgCustomers.get(id),
    customerOfPerson: (id) => personCustomers.get(id),
    remoteOrganisation: (id) => orgRemotes.get(id),
    remotePerson: (id) => personRemotes.get(id),
  };
}

/** A remote deal's parties as far as Kontora knows them. */
export function remoteView(parties: RemoteParties, links: PartyLinks): PartyView {
  const org = parties.organisationId;
  return {
    organisationId: org !== null && links.customerOfOrganisation(org) !== undefined ? org : null,
    personIds: [...new Set(parties.personIds)].filter((id) => links.customerOfPerson(id) !== undefined),
  };
}

/** A Kontora deal's parties as far as the provider knows them, and the customers it does not know yet. */
export function localView(deal: LocalParties, links: PartyLinks): PartyView & { unknown: number[] } {
  const org = deal.organisation_id === null ? undefined : links.remoteOrganisation(deal.organisation_id);
  const unknown = [
    ...(deal.organisation_id !== null && org === undefined ? [deal.organisation_id] : []),
    ...deal.customer_ids.filter(
      (id) => links.remotePerson(id) === undefined && links.remoteOrganisation(id) === undefined,
    ),
  ];
  return {
    organisationId: org ?? null,
    personIds: deal.customer_ids.flatMap((id) => links.remotePerson(id) ?? []),
    unknown,
  };
}

/** The view as the content hash takes it: the people as a set. Empty: none at all (earlier hashes stay valid). */
export function hashedParties(view: PartyView): unknown[] {
  if (view.organisationId === null && view.personIds.length === 0) return [];
  return [['parties', view.organisationId, [...new Set(view.personIds)].sort()]];
}

/**
 * The Kontora parties a remote deal's make of the deal's current ones: the remote
 * organisation where it is linked (else none, unless Kontora's is one the provider does
 * not know, which stays); the people Kontora has that the provider does not know, then
 * the linked remote people. Answers also the remote records skipped (not linked yet).
 */
export function partiesFromRemote(
  current: LocalParties | null,
  remote: RemoteParties,
  links: PartyLinks,
): LocalParties & { skipped: string[] } {
  const view = remoteView(remote, links);
  const skipped = [
    ...(remote.organisationId !== null && view.organisationId === null ? [remote.organisationId] : []),
    ...remote.personIds.filter((id) => !view.personIds.includes(id)),
  ];
  const org = view.organisationId === null ? undefined : links.customerOfOrganisation(view.organisationId);
  const currentOrg = current?.organisation_id ?? null;
  const keepOrg = currentOrg !== null && links.remoteOrganisation(currentOrg) === undefined;
  const people = view.personIds.flatMap((id) => links.customerOfPerson(id) ?? []);
  const kept = (current?.customer_ids ?? []).filter((id) => links.remotePerson(id) === undefined);
  return {
    organisation_id: org ?? (keepOrg ? currentOrg : null),
    customer_ids: [...new Set([...kept, ...people])],
    skipped,
  };
}

/**
 * What to change remotely so the remote deal's view equals `want` (Kontora's view),
 * from what it has now; null when nothing. Only linked records are removed; a new
 * primary person is named only when the current one goes (or there was none).
 */
export function planParties(current: RemoteParties, want: PartyView, links: PartyLinks): PartyChange | null {
  const have = remoteView(current, links);
  const change: PartyChange = { dropOrganisationId: null, addPersonIds: [], removePersonIds: [] };
  if (have.organisationId !== want.organisationId) {
    change.organisationId = want.organisationId;
    change.dropOrganisationId = have.organisationId;
  }
  const wanted = new Set(want.personIds);
  const now = [...new Set(current.personIds)];
  change.removePersonIds = have.personIds.filter((id) => !wanted.has(id));
  change.addPersonIds = [...wanted].filter((id) => !now.includes(id));
  const remaining = [...now.filter((id) => !change.removePersonIds.includes(id)), ...change.addPersonIds];
  const primary = remaining[0] ?? null;
  if (primary !== (now[0] ?? null)) change.primaryPersonId = primary;
  const nothing =
    change.organisationId === undefined &&
    change.primaryPersonId === undefined &&
    change.addPersonIds.length === 0 &&
    change.removePersonIds.length === 0;
  return nothing ? null : change;
}

/** A log line naming the parties skipped because they are not linked to a record on the other side yet. */
export function skippedText(title: string, count: number, where: 'here' | 'remote'): string {
  return where === 'remote'
    ? `Deal “${title}”: ${count} of its organisation and people ${count === 1 ? 'is' : 'are'} not linked to a Kontora customer yet; skipped.`
    : `Deal “${title}”: ${count} of its organisation and people ${count === 1 ? 'has' : 'have'} no remote record yet; not sent.`;
}
