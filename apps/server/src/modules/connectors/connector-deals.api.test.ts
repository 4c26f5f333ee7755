import { describe, expect, it } from 'vitest';
import { dealSyncKit } from '../../test-support/connector-deal-kit.ts';
import { connectorSuite } from '../../test-support/connector-kit.ts';
import { startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { startPipedriveStandin } from '../../test-support/connector-standins/pipedrive.ts';
import { dealKit } from '../deals/deal-test-kit.ts';

const suite = connectorSuite();

const { salesOf, dealsOf, customerNamed } = dealSyncKit(suite);

describe('deals two ways with HubSpot', () => {
  it('imports deals with stages mapped by name, pushes created and moved deals, skips unmapped stages', async () => {
    const { t, ana, kit } = suite;
    const deals = dealKit(t);
    const company = await suite.company('Deals HubSpot');
    const { stage } = await salesOf(company);
    const hubspot = await startHubspotStandin();
    suite.standins.push(hubspot);
    hubspot.pipelines.splice(0, hubspot.pipelines.length, {
      id: 'default',
      label: 'Sales',
      displayOrder: 0,
      stages: ['Lead in', 'Qualified', 'Proposal', 'Won', 'Lost', 'Appointment Scheduled'].map(
        (label, i) => ({
          id: `s${i}`,
          label,
          displayOrder: i,
        }),
      ),
    });
    const sid = (label: string) => hubspot.pipelines[0]?.stages.find((s) => s.label === label)?.id as string;
    const org = hubspot.put('companies', { name: 'Remote Org' });
    const contact = hubspot.put('contacts', {
      firstname: 'Rita',
      lastname: 'Remote',
      email: 'rita@example.com',
    });
    const remote = hubspot.putDeal(
      {
        dealname: 'Remote deal',
        amount: '1200.5',
        deal_currency_code: 'EUR',
        dealstage: sid('Qualified'),
        closedate: '2026-03-31T00:00:00.000Z',
      },
      { companies: [org.id], contacts: [contact.id] },
    );
    hubspot.putDeal({ dealname: 'Odd deal', dealstage: sid('Appointment Scheduled') });

    const id = await kit.connect(company, 'hubspot', hubspot);
    const first = await kit.settled(company, id);
    expect(first.state).toBe('idle');
    const orgId = await customerNamed(company, { name: 'Remote Org' });
    const ritaId = await customerNamed(company, { email: 'rita@example.com' });
    let local = await dealsOf(company);
    expect(local).toHaveLength(1);
    const imported = local[0] as (typeof local)[number];
    expect(imported).toMatchObject({
      title: 'Remote deal',
      stage_id: stage('Qualified'),
      status: 'open',
      currency: 'EUR',
      organisation_id: orgId,
    });
    expect(Number(imported.amount_cents)).toBe(120050);
    const api = await deals.ok(ana, 'GET', deals.deals(company, `/${imported.id}`));
    expect(api).toMatchObject({ customer_ids: [ritaId], expected_close_date: '2026-03-31', amount: 1200.5 });
    // The unmapped stage: one clear entry, the run itself fine.
    const failed = await kit.logOf(company, id, 'record_failed');
    expect(
      failed.some((e) => e.message.includes('“Appointment Scheduled”') && e.message.includes('Odd deal')),
    ).toBe(true);

    // Kontora → HubSpot: a move, a new deal with a linked organisation, and one whose stage HubSpot lacks.
    await deals.ok(ana, 'POST', deals.deals(company, `/${imported.id}/move`), {
      stage_id: stage('Proposal'),
      version: api.version,
    });
    await deals.createDeal(ana, company, {
      title: 'Local deal',
      amount: 900,
      stage_id: stage('Lead in'),
      organisation_id: orgId,
      customer_ids: [ritaId],
    });
    await deals.createDeal(ana, company, { title: 'Negotiating', stage_id: stage('Negotiation') });
    const pushed = await kit.syncNow(company, id);
    expect(pushed.state).toBe('idle');
    expect(hubspot.get('deals', remote.id)?.properties.dealstage).toBe(sid('Proposal'));
    const created = hubspot.all('deals').find((d) => d.properties.dealname === 'Local deal');
    expect(created?.properties).toMatchObject({
      dealstage: sid('Lead in'),
      amount: '900',
      deal_currency_code: 'EUR',
    });
    expect(hubspot.associationsOf(created?.id as string)).toEqual({
      companies: [org.id],
      contacts: [contact.id],
    });
    expect(hubspot.all('deals').some((d) => d.properties.dealname === 'Negotiating')).toBe(false);
    const notSent = await kit.logOf(company, id, 'record_failed');
    expect(notSent.some((e) => e.message.includes('“Negotiation”'))).toBe(true);

    // Our writes coming back change nothing on either side.
    const modified = hubspot.all('deals').map((d) => d.updatedAt);
    const quiet = await kit.syncNow(company, id);
    expect(quiet.counts).toMatchObject({ created: 0, updated: 0 });
    expect(hubspot.all('deals').map((d) => d.updatedAt)).toEqual(modified);

    // HubSpot → Kontora: won remotely; deleted here → archived remotely.
    hubspot.edit('deals', remote.id, { dealstage: sid('Won') });
    await kit.syncNow(company, id);
    local = await dealsOf(company);
    expect(local.find((d) => d.id === imported.id)).toMatchObject({ stage_id: stage('Won'), status: 'won' });
    const localDeal = local.find((d) => d.title === 'Local deal');
    await deals.ok(ana, 'DELETE', deals.deals(company, `/${localDeal?.id}`));
    await kit.syncNow(company, id);
    expect(hubspot.get('deals', created?.id as string)?.archived).toBe(true);
  }, 180_000);
});

describe('deals two ways with Pipedrive', () => {
  it('maps pipelines and stages by name and won/lost by status, both ways', async () => {
    const { t, ana, kit } = suite;
    const deals = dealKit(t);
    const company = await suite.company('Deals Pipedrive');
    const { stage } = await salesOf(company);
    const pipedrive = await startPipedriveStandin();
    suite.standins.push(pipedrive);
    pipedrive.pipelines.push({
      id: 7,
      name: 'sales',
      stages: [
        { id: 71, name: 'Lead in' },
        { id: 72, name: 'Qualified' },
        { id: 73, name: 'Proposal' },
      ],
    });
    const org = pipedrive.put('organizations', { name: 'Pipe Org' });
    const person = pipedrive.put('persons', {
      name: 'Pia Pipe',
      first_name: 'Pia',
      last_name: 'Pipe',
      emails: [{ value: 'pia@example.com', primary: true, label: 'work' }],
    });
    const open = pipedrive.putDeal({
      title: 'Pipe deal',
      value: 500,
      currency: 'USD',
      pipeline_id: 7,
      stage_id: 72,
      expected_close_date: '2026-05-01',
      org_id: org.id,
      person_id: person.id,
    });
    const lost = pipedrive.putDeal({
      title: 'Lost deal',
      pipeline_id: 7,
      stage_id: 71,
      status: 'lost',
      lost_reason: 'Too pricey',
    });
    pipedrive.putDeal({ title: 'Demo deal', pipeline_id: 1, stage_id: 3 });

    const id = await kit.connect(company, 'pipedrive', pipedrive);
    expect((await kit.settled(company, id)).state).toBe('idle');
    const orgId = await customerNamed(company, { name: 'Pipe Org' });
    const local = await dealsOf(company);
    expect(local.map((d) => d.title)).toEqual(['Pipe deal', 'Lost deal']);
    expect(local[0]).toMatchObject({ stage_id: stage('Qualified'), currency: 'USD', organisation_id: orgId });
    const lostLocal = await deals.ok(ana, 'GET', deals.deals(company, `/${local[1]?.id}`));
    expect(lostLocal).toMatchObject({ stage_id: stage('Lost'), status: 'lost', lost_reason: 'Too pricey' });
    const skipped = await kit.logOf(company, id, 'record_failed');
    expect(skipped.some((e) => e.message.includes('“Demo Scheduled”'))).toBe(true);

    // Kontora → Pipedrive: moved, won, created.
    const openLocal = await deals.ok(ana, 'GET', deals.deals(company, `/${local[0]?.id}`));
    await deals.ok(ana, 'POST', deals.deals(company, `/${openLocal.id}/move`), {
      stage_id: stage('Proposal'),
      version: openLocal.version,
    });
    await deals.ok(ana, 'POST', deals.deals(company, `/${lostLocal.id}/move`), {
      stage_id: stage('Won'),
      version: lostLocal.version,
    });
    await deals.createDeal(ana, company, {
      title: 'Fresh deal',
      amount: 75,
      stage_id: stage('Lead in'),
      organisation_id: orgId,
    });
    // Pipedrive keeps "no amount" as 0: that must not come back as a change.
    const noAmount = await deals.createDeal(ana, company, {
      title: 'No amount deal',
      stage_id: stage('Lead in'),
    });
    expect((await kit.syncNow(company, id)).state).toBe('idle');
    expect(pipedrive.deals().find((d) => d.title === 'No amount deal')).toMatchObject({ value: 0 });
    expect(pipedrive.deal(open.id)).toMatchObject({ stage_id: 73, status: 'open' });
    expect(pipedrive.deal(lost.id)).toMatchObject({ status: 'won' });
    const fresh = pipedrive.deals().find((d) => d.title === 'Fresh deal');
    expect(fresh).toMatchObject({ pipeline_id: 7, stage_id: 71, value: 75, org_id: org.id, status: 'open' });

    // Back from Pipedrive: lost there, with its reason.
    const writes = pipedrive.state.writes;
    const quiet = await kit.syncNow(company, id);
    expect(quiet.counts).toMatchObject({ created: 0, updated: 0 });
    expect(pipedrive.state.writes).toBe(writes);
    const noAmountLocal = await deals.ok(ana, 'GET', deals.deals(company, `/${noAmount.id}`));
    expect(noAmountLocal).toMatchObject({ amount: null, version: noAmount.version });
    pipedrive.putDeal({ status: 'lost', lost_reason: 'Went elsewhere' }, fresh?.id);
    await kit.syncNow(company, id);
    const freshLocal = (await dealsOf(company)).find((d) => d.title === 'Fresh deal');
    expect(freshLocal).toMatchObject({ stage_id: stage('Lost'), status: 'lost' });
  }, 180_000);
});

describe('deals stay in their company', () => {
  it("company B's connection never sees company A's deals", async () => {
    const { t, ana, kit } = suite;
    const deals = dealKit(t);
    const a = await suite.company('Deals A');
    const b = await suite.company('Deals B');
    const hubA = await startHubspotStandin();
    const hubB = await startHubspotStandin();
    suite.standins.push(hubA, hubB);
    for (const hub of [hubA, hubB]) {
      const pipeline = hub.pipelines[0] as (typeof hub.pipelines)[number];
      pipeline.label = 'Sales';
      pipeline.stages.push({ id: 'lead', label: 'Lead in', displayOrder: 9 });
    }
    const idA = await kit.connect(a, 'hubspot', hubA);
    const idB = await kit.connect(b, 'hubspot', hubB);
    const { stage } = await salesOf(a);
    const secret = await deals.createDeal(ana, a, { title: 'A secret', stage_id: stage('Lead in') });
    await kit.syncNow(a, idA);
    await kit.syncNow(b, idB);
    expect(hubA.all('deals').map((d) => d.properties.dealname)).toEqual(['A secret']);
    expect(hubB.all('deals')).toHaveLength(0);
    expect(await dealsOf(b)).toHaveLength(0);
    // B's remote deal lands in B only.
    hubB.putDeal({ dealname: 'B own', dealstage: 'lead' });
    await kit.syncNow(b, idB);
    await kit.syncNow(a, idA);
    expect((await dealsOf(b)).map((d) => d.title)).toEqual(['B own']);
    expect((await dealsOf(a)).map((d) => d.title)).toEqual(['A secret']);
    const links = await t.ctx.db
      .selectFrom('connector_deal_links')
      .select(['company_id', 'connector_id', 'deal_id'])
      .where('company_id', '=', b)
      .execute();
    expect(links.every((l) => l.connector_id === idB && l.deal_id !== secret.id)).toBe(true);
    const peek = await deals.call(ana, 'GET', deals.deals(b, `/${secret.id}`));
    expect(peek.statusCode).toBe(404);
  }, 180_000);
});
