import { describe, expect, it } from 'vitest';
import { dealHash } from './connector-deal-map.ts';
import {
  localView,
  type PartyLinks,
  partiesFromRemote,
  planParties,
  remoteView,
} from './connector-deal-parties.ts';

/** Customers 1 (org "o1"), 2 (org "o2"), 11 ("p11"), 12 ("p12"), 13 ("p13") are linked; 99 and "x…" are not. */
const links: PartyLinks = (() => {
  const orgs = new Map([
    ['o1', 1],
    ['o2', 2],
  ]);
  const people = new Map([
    ['p11', 11],
    ['p12', 12],
    ['p13', 13],
  ]);
  const flip = (m: Map<string, number>) => new Map([...m].map(([k, v]) => [v, k]));
  const [orgRemote, personRemote] = [flip(orgs), flip(people)];
  return {
    customerOfOrganisation: (id) => orgs.get(id),
    customerOfPerson: (id) => people.get(id),
    remoteOrganisation: (id) => orgRemote.get(id),
    remotePerson: (id) => personRemote.get(id),
  };
})();

const base = {
  title: 'T',
  amount_cents: null,
  currency: 'EUR',
  pipeline_id: 1,
  stage_id: 1,
  expected_close_date: null,
  lost_reason: null,
};

describe('deal parties across the sides', () => {
  it('views keep only linked records and tell the unknown ones', () => {
    expect(remoteView({ organisationId: 'x1', personIds: ['p11', 'x2', 'p11'] }, links)).toEqual({
      organisationId: null,
      personIds: ['p11'],
    });
    expect(localView({ organisation_id: 99, customer_ids: [12, 98, 1] }, links)).toEqual({
      organisationId: null,
      personIds: ['p12'],
      // The organisation customer 1 among the people is linked (as an organisation): not unknown.
      unknown: [99, 98],
    });
  });

  it('a pull keeps what the provider does not know and clears what it does', () => {
    const from = partiesFromRemote(
      { organisation_id: 1, customer_ids: [98, 11] },
      { organisationId: null, personIds: ['p12', 'x9'] },
      links,
    );
    expect(from).toEqual({ organisation_id: null, customer_ids: [98, 12], skipped: ['x9'] });
    // Kontora's organisation the provider does not know stays when the remote one is unknown too.
    expect(
      partiesFromRemote(
        { organisation_id: 99, customer_ids: [] },
        { organisationId: 'x1', personIds: [] },
        links,
      ),
    ).toMatchObject({ organisation_id: 99, skipped: ['x1'] });
  });

  it('a push plans only changes of linked records, a new primary only when the old one goes', () => {
    const current = { organisationId: 'x1', personIds: ['p11', 'x2', 'p12'] };
    expect(planParties(current, { organisationId: null, personIds: ['p11', 'p12'] }, links)).toBeNull();
    expect(planParties(current, { organisationId: 'o2', personIds: ['p12', 'p13'] }, links)).toEqual({
      organisationId: 'o2',
      // The unknown organisation is not dropped (HubSpot keeps it associated; Pipedrive's one slot is replaced).
      dropOrganisationId: null,
      primaryPersonId: 'x2',
      addPersonIds: ['p13'],
      removePersonIds: ['p11'],
    });
    expect(
      planParties(
        { organisationId: 'o1', personIds: ['p11'] },
        { organisationId: null, personIds: [] },
        links,
      ),
    ).toEqual({
      organisationId: null,
      dropOrganisationId: 'o1',
      primaryPersonId: null,
      addPersonIds: [],
      removePersonIds: ['p11'],
    });
  });

  it('hashes without parties stay as before; people are a set in the hash', () => {
    const api = { lostReason: false };
    expect(dealHash({ ...base, parties: { organisationId: null, personIds: [] } }, api)).toBe(
      dealHash(base, api),
    );
    expect(dealHash({ ...base, parties: { organisationId: 'o1', personIds: ['p12', 'p11'] } }, api)).toBe(
      dealHash({ ...base, parties: { organisationId: 'o1', personIds: ['p11', 'p12'] } }, api),
    );
    expect(dealHash({ ...base, parties: { organisationId: 'o1', personIds: [] } }, api)).not.toBe(
      dealHash(base, api),
    );
  });
});
