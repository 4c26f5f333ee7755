import type { DealTimelinePage } from '@kontora/contract/deals';
import { describe, expect, it } from 'vitest';
import { dealSyncKit } from '../../test-support/connector-deal-kit.ts';
import { connectorSuite } from '../../test-support/connector-kit.ts';
import { dealKit } from '../deals/deal-test-kit.ts';

const suite = connectorSuite();
const { hubspotSales, pipedriveSales, customerNamed, dealTitled } = dealSyncKit(suite);

/** The fields the deal's timeline shows changed, newest entry first. */
async function timelineChanges(company: number, dealId: number): Promise<string[][]> {
  const deals = dealKit(suite.t);
  const page = (await deals.ok(
    suite.ana,
    'GET',
    deals.deals(company, `/${dealId}/timeline`),
  )) as DealTimelinePage;
  return page.items.map((e) => Object.keys(e.changes ?? {}).sort());
}

/** A customer here that is not linked to its remote record (yet): its link is taken away. */
async function unlink(company: number, customerId: number) {
  await suite.t.ctx.db
    .deleteFrom('connector_links')
    .where('company_id', '=', company)
    .where('customer_id', '=', customerId)
    .execute();
}

const sorted = (ids: (string | number)[]) => ids.map(String).sort();

describe("a linked deal's organisation and people, with HubSpot", () => {
  it('sends changes as associations, takes remote association changes through the write door, no echo', async () => {
    const company = await suite.company('Parties HubSpot');
    const deals = dealKit(suite.t);
    const remote = await hubspotSales();
    const orgA = remote.put('companies', { name: 'Alpha Org' });
    const orgB = remote.put('companies', { name: 'Beta Org' });
    const [ann, ben, cat] = ['ann', 'ben', 'cat'].map((n) =>
      remote.put('contacts', { firstname: n, lastname: 'Hub', email: `${n}@hub.example` }),
    );
    // Kontora refuses its email: never imported, so never linked.
    const dan = remote.put('contacts', { firstname: 'dan', lastname: 'Hub', email: 'dan at hub' });
    const deal = remote.putDeal(
      { dealname: 'With people', dealstage: 's1' },
      { companies: [orgA.id], contacts: [ann?.id as string] },
    );
    const id = await suite.kit.connect(company, 'hubspot', remote);
    await suite.kit.settled(company, id);
    const alpha = await customerNamed(company, { name: 'Alpha Org' });
    const beta = await customerNamed(company, { name: 'Beta Org' });
    const [annId, benId, catId] = await Promise.all(
      ['ann', 'ben', 'cat'].map((n) => customerNamed(company, { email: `${n}@hub.example` })),
    );
    const imported = await dealTitled(company, 'With people');
    expect(imported).toMatchObject({ organisation_id: alpha, customer_ids: [annId] });

    // Kontora → HubSpot: another organisation, Ann out, Ben in; Cat is linked no more (gone remotely).
    remote.archive('contacts', cat?.id as string);
    await unlink(company, catId as number);
    const calls = remote.calls.length;
    await deals.ok(suite.ana, 'PATCH', deals.deals(company, `/${imported.id}`), {
      organisation_id: beta,
      customer_ids: [benId, catId],
      version: imported.version,
    });
    const pushed = await suite.kit.syncNow(company, id);
    expect(pushed.state).toBe('idle');
    expect(remote.associationsOf(deal.id)).toEqual({ companies: [orgB.id], contacts: [ben?.id] });
    expect(remote.primaryCompanyOf(deal.id)).toBe(orgB.id);
    const v4 = remote.calls.slice(calls).filter((c) => c.path.startsWith('/crm/v4/associations/deals/'));
    // One batch read per kind for the pushed deals, then the changes.
    expect(v4.filter((c) => c.path.endsWith('/batch/read')).map((c) => c.path)).toEqual([
      '/crm/v4/associations/deals/companies/batch/read',
      '/crm/v4/associations/deals/contacts/batch/read',
    ]);
    const skipped = await suite.kit.logOf(company, id, 'skipped');
    expect(
      skipped.some((e) => e.message.includes('With people') && e.message.includes('no remote record')),
    ).toBe(true);

    // Nothing comes back: no writes either way.
    const before = await dealTitled(company, 'With people');
    const quietFrom = remote.calls.length;
    const quiet = await suite.kit.syncNow(company, id);
    // (Dan's contact fails again each run: the customers' business, not the deal's.)
    expect(quiet.counts).toMatchObject({ created: 0, updated: 0 });
    expect(remote.calls.slice(quietFrom).filter((c) => c.path.startsWith('/crm/v4/'))).toEqual([]);
    expect((await dealTitled(company, 'With people')).version).toBe(before.version);

    // HubSpot → Kontora: Alpha again, Ann and Ben, and Dan, who is no customer here; Cat (not linked) stays here.
    remote.associate(deal.id, {
      companies: [orgA.id],
      contacts: [ann?.id as string, ben?.id as string, dan.id],
    });
    await suite.kit.syncNow(company, id);
    const pulled = await dealTitled(company, 'With people');
    expect(pulled.organisation_id).toBe(alpha);
    expect(sorted(pulled.customer_ids)).toEqual(sorted([annId, benId, catId] as number[]));
    expect((await timelineChanges(company, pulled.id))[0]).toEqual(['customer_ids', 'organisation_id']);
    const notLinked = await suite.kit.logOf(company, id, 'skipped');
    expect(notLinked.some((e) => e.message.includes('not linked to a Kontora customer'))).toBe(true);

    const echoFrom = remote.calls.length;
    const again = await suite.kit.syncNow(company, id);
    expect(again.counts).toMatchObject({ created: 0, updated: 0 });
    expect(remote.calls.slice(echoFrom).filter((c) => c.path.startsWith('/crm/v4/'))).toEqual([]);
    expect((await dealTitled(company, 'With people')).version).toBe(pulled.version);
    expect(remote.associationsOf(deal.id)).toEqual({
      companies: [orgA.id],
      contacts: [ann?.id, ben?.id, dan.id],
    });

    // Emptied here: the linked ones go remotely.
    await deals.ok(suite.ana, 'PATCH', deals.deals(company, `/${pulled.id}`), {
      organisation_id: null,
      customer_ids: [],
      version: pulled.version,
    });
    await suite.kit.syncNow(company, id);
    // Dan, whom Kontora does not know, stays.
    expect(remote.associationsOf(deal.id)).toEqual({ companies: [], contacts: [dan.id] });
    expect(remote.primaryCompanyOf(deal.id)).toBeNull();
  }, 180_000);
});

describe("a linked deal's organisation and people, with Pipedrive", () => {
  it('sends org_id, person_id and participants, takes remote changes, no echo', async () => {
    const company = await suite.company('Parties Pipedrive');
    const deals = dealKit(suite.t);
    const remote = await pipedriveSales();
    const o1 = remote.put('organizations', { name: 'One Org' });
    const o2 = remote.put('organizations', { name: 'Two Org' });
    const person = (n: string) =>
      remote.put('persons', {
        name: `${n} Pipe`,
        first_name: n,
        last_name: 'Pipe',
        emails: [{ value: `${n}@pipe.example`, primary: true, label: 'work' }],
      });
    const [p1, p2, p3] = [person('pia'), person('pete'), person('paz')];
    const made = remote.putDeal({
      title: 'Pipe people',
      pipeline_id: 7,
      stage_id: 72,
      org_id: o1.id,
      person_id: p1.id,
    });
    remote.setParticipants(made.id, [p1.id, p2.id]);
    const id = await suite.kit.connect(company, 'pipedrive', remote);
    await suite.kit.settled(company, id);
    const one = await customerNamed(company, { name: 'One Org' });
    const two = await customerNamed(company, { name: 'Two Org' });
    const [pia, pete, paz] = await Promise.all(
      ['pia', 'pete', 'paz'].map((n) => customerNamed(company, { email: `${n}@pipe.example` })),
    );
    const imported = await dealTitled(company, 'Pipe people');
    expect(imported.organisation_id).toBe(one);
    // The participants beyond the deal's person were read.
    expect(sorted(imported.customer_ids)).toEqual(sorted([pia, pete] as number[]));

    // Kontora → Pipedrive: Two Org; Pia (the deal's person) out, Paz in.
    await deals.ok(suite.ana, 'PATCH', deals.deals(company, `/${imported.id}`), {
      organisation_id: two,
      customer_ids: [pete, paz],
      version: imported.version,
    });
    expect((await suite.kit.syncNow(company, id)).state).toBe('idle');
    expect(remote.deal(made.id)).toMatchObject({ org_id: o2.id, person_id: p2.id });
    expect(sorted(remote.participantsOf(made.id))).toEqual(sorted([p2.id, p3.id]));

    const writes = (from: number) =>
      remote.calls.slice(from).filter((c) => c.method !== 'GET' && c.path.startsWith('/api/v1/deals'));
    const quietFrom = remote.calls.length;
    const sent = await dealTitled(company, 'Pipe people');
    const quiet = await suite.kit.syncNow(company, id);
    expect(quiet.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(writes(quietFrom)).toEqual([]);
    expect((await dealTitled(company, 'Pipe people')).version).toBe(sent.version);

    // Pipedrive → Kontora: back to One Org, Pia a participant again, Paz gone.
    remote.putDeal({ org_id: o1.id }, made.id);
    remote.setParticipants(made.id, [p2.id, p1.id]);
    await suite.kit.syncNow(company, id);
    const pulled = await dealTitled(company, 'Pipe people');
    expect(pulled.organisation_id).toBe(one);
    expect(sorted(pulled.customer_ids)).toEqual(sorted([pete, pia] as number[]));
    expect((await timelineChanges(company, pulled.id))[0]).toEqual(['customer_ids', 'organisation_id']);

    const echoFrom = remote.calls.length;
    const again = await suite.kit.syncNow(company, id);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(writes(echoFrom)).toEqual([]);
    expect((await dealTitled(company, 'Pipe people')).version).toBe(pulled.version);

    // A new deal here with several people: one is its person, all are participants.
    const { stage } = await dealSyncKit(suite).salesOf(company);
    await deals.createDeal(suite.ana, company, {
      title: 'Fresh people',
      // With an amount: Pipedrive keeps "no amount" as 0, which comes back as a change (not this test's matter).
      amount: 10,
      stage_id: stage('Lead in'),
      organisation_id: two,
      customer_ids: [paz, pia],
    });
    await suite.kit.syncNow(company, id);
    const fresh = remote.deals().find((d) => d.title === 'Fresh people');
    expect(fresh?.org_id).toBe(o2.id);
    expect([p1.id, p3.id]).toContain(fresh?.person_id);
    expect(sorted(remote.participantsOf(fresh?.id as number))).toEqual(sorted([p3.id, p1.id]));
    const last = remote.calls.length;
    expect((await suite.kit.syncNow(company, id)).counts).toMatchObject({ created: 0, updated: 0 });
    expect(writes(last)).toEqual([]);
  }, 180_000);
});

describe('deal parties stay in their company', () => {
  it("the same remote ids in two companies' HubSpots map to each company's own customers", async () => {
    const a = await suite.company('Parties A');
    const b = await suite.company('Parties B');
    const hubA = await hubspotSales();
    const hubB = await hubspotSales();
    // Both stand-ins number their records alike: the remote ids collide across the companies.
    for (const [hub, who] of [
      [hubA, 'a'],
      [hubB, 'b'],
    ] as const) {
      const org = hub.put('companies', { name: `Org ${who}` });
      hub.put('contacts', { firstname: who, lastname: 'X', email: `${who}@x.example` });
      hub.putDeal({ dealname: `Deal ${who}`, dealstage: 's0' }, { companies: [org.id], contacts: [] });
      hub.put('contacts', { firstname: who, lastname: 'Y', email: `${who}y@x.example` });
    }
    const idA = await suite.kit.connect(a, 'hubspot', hubA);
    const idB = await suite.kit.connect(b, 'hubspot', hubB);
    await suite.kit.settled(a, idA);
    await suite.kit.settled(b, idB);
    expect(hubA.all('contacts').map((c) => c.id)).toEqual(hubB.all('contacts').map((c) => c.id));

    // A's deal gets its contact remotely: A's customer, never B's of the same remote id.
    const dealA = hubA.all('deals')[0]?.id as string;
    const contactA = hubA.all('contacts')[0]?.id as string;
    hubA.associate(dealA, { companies: hubA.associationsOf(dealA)?.companies ?? [], contacts: [contactA] });
    await suite.kit.syncNow(a, idA);
    await suite.kit.syncNow(b, idB);
    const inA = await dealTitled(a, 'Deal a');
    expect(inA.customer_ids).toEqual([await customerNamed(a, { email: 'a@x.example' })]);
    expect(inA.organisation_id).toBe(await customerNamed(a, { name: 'Org a' }));
    const inB = await dealTitled(b, 'Deal b');
    expect(inB).toMatchObject({
      customer_ids: [],
      organisation_id: await customerNamed(b, { name: 'Org b' }),
    });

    // B's change here goes to B's HubSpot only.
    const bPerson = await customerNamed(b, { email: 'by@x.example' });
    const deals = dealKit(suite.t);
    await deals.ok(suite.ana, 'PATCH', deals.deals(b, `/${inB.id}`), {
      customer_ids: [bPerson],
      version: inB.version,
    });
    await suite.kit.syncNow(b, idB);
    await suite.kit.syncNow(a, idA);
    const dealB = hubB.all('deals')[0]?.id as string;
    const yB = hubB.all('contacts').find((c) => c.properties.email === 'by@x.example')?.id;
    expect(hubB.associationsOf(dealB)?.contacts).toEqual([yB]);
    expect(hubA.associationsOf(dealA)?.contacts).toEqual([contactA]);
    expect((await dealTitled(a, 'Deal a')).customer_ids).toHaveLength(1);
    // And company A cannot give its deal B's customer.
    const peek = await deals.call(suite.ana, 'PATCH', deals.deals(a, `/${inA.id}`), {
      customer_ids: [bPerson],
      version: (await dealTitled(a, 'Deal a')).version,
    });
    expect(peek.statusCode).toBe(400);
  }, 180_000);
});

describe('deal parties changed on both sides', () => {
  it('the later change wins: a later HubSpot edit over Kontora, a later Kontora edit over Pipedrive', async () => {
    const deals = dealKit(suite.t);
    // HubSpot: Kontora moves the deal to Beta, then HubSpot edits it (and keeps Alpha): HubSpot's is later.
    const hubCompany = await suite.company('Both HubSpot');
    const hub = await hubspotSales();
    const alphaRemote = hub.put('companies', { name: 'Alpha Both' });
    hub.put('companies', { name: 'Beta Both' });
    const hubDeal = hub.putDeal({ dealname: 'Both hub', dealstage: 's0' }, { companies: [alphaRemote.id] });
    const hubId = await suite.kit.connect(hubCompany, 'hubspot', hub);
    await suite.kit.settled(hubCompany, hubId);
    const alpha = await customerNamed(hubCompany, { name: 'Alpha Both' });
    const beta = await customerNamed(hubCompany, { name: 'Beta Both' });
    const local = await dealTitled(hubCompany, 'Both hub');
    await deals.ok(suite.ana, 'PATCH', deals.deals(hubCompany, `/${local.id}`), {
      organisation_id: beta,
      version: local.version,
    });
    hub.edit('deals', hubDeal.id, { amount: '70' });
    await suite.kit.syncNow(hubCompany, hubId);
    expect(await dealTitled(hubCompany, 'Both hub')).toMatchObject({ organisation_id: alpha, amount: 70 });
    expect(hub.associationsOf(hubDeal.id)?.companies).toEqual([alphaRemote.id]);
    const hubConflicts = await suite.kit.logOf(hubCompany, hubId, 'conflict');
    expect(hubConflicts.some((e) => e.message.includes('remote change'))).toBe(true);

    // Pipedrive: Pipedrive drops a participant, then Kontora changes the people: Kontora's is later.
    const pipeCompany = await suite.company('Both Pipedrive');
    const pipe = await pipedriveSales();
    const person = (n: string) =>
      pipe.put('persons', {
        name: `${n} Both`,
        emails: [{ value: `${n}@both.example`, primary: true, label: 'work' }],
      });
    const [q1, q2, q3] = [person('q1'), person('q2'), person('q3')];
    const pipeDeal = pipe.putDeal({ title: 'Both pipe', pipeline_id: 7, stage_id: 71, person_id: q1.id });
    pipe.setParticipants(pipeDeal.id, [q1.id, q2.id]);
    const pipeId = await suite.kit.connect(pipeCompany, 'pipedrive', pipe);
    await suite.kit.settled(pipeCompany, pipeId);
    const [c1, c3] = await Promise.all(
      ['q1', 'q3'].map((n) => customerNamed(pipeCompany, { email: `${n}@both.example` })),
    );
    pipe.setParticipants(pipeDeal.id, [q1.id]);
    const before = await dealTitled(pipeCompany, 'Both pipe');
    await deals.ok(suite.ana, 'PATCH', deals.deals(pipeCompany, `/${before.id}`), {
      customer_ids: [c1, c3],
      version: before.version,
    });
    await suite.kit.syncNow(pipeCompany, pipeId);
    expect(sorted((await dealTitled(pipeCompany, 'Both pipe')).customer_ids)).toEqual(
      sorted([c1, c3] as number[]),
    );
    expect(sorted(pipe.participantsOf(pipeDeal.id))).toEqual(sorted([q1.id, q3.id]));
    const pipeConflicts = await suite.kit.logOf(pipeCompany, pipeId, 'conflict');
    expect(pipeConflicts.some((e) => e.message.includes('change in Kontora'))).toBe(true);
  }, 180_000);
});
