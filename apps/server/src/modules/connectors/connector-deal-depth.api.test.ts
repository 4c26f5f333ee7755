import { describe, expect, it } from 'vitest';
import { dealSyncKit } from '../../test-support/connector-deal-kit.ts';
import { connectorSuite } from '../../test-support/connector-kit.ts';
import { dealKit } from '../deals/deal-test-kit.ts';
import { dealPushTestHooks } from './connector-deal-push.ts';
import { runSync } from './connector-sync.ts';

const suite = connectorSuite(() => {
  dealPushTestHooks.afterRemoteWrite = undefined;
});
const {
  salesOf,
  dealsOf,
  customerNamed,
  dealLinksOf,
  hubspotSales: hubspot,
  pipedriveSales: pipedrive,
} = dealSyncKit(suite);
/** The nightly full pass, run here (not as a queued job) once the queue is idle. */
async function fullPass(company: number, id: number) {
  await suite.t.ctx.jobs.drain(60_000);
  const job = { id: `full-${company}`, signal: new AbortController().signal, progress: async () => {} };
  await runSync(suite.t.ctx, { company_id: company, connector_id: id, mode: 'full' }, job);
}

const deletedBy = (company: number) =>
  suite.t.ctx.db
    .selectFrom('change_events')
    .select(['entity_id', 'actor_name'])
    .where('company_id', '=', company)
    .where('type', '=', 'deal.deleted')
    .execute();

describe('a deal deleted on one side is deleted on the other', () => {
  it('HubSpot: a deal archived there is deleted here once a full pass completes, not sent back', async () => {
    const company = await suite.company('Gone HubSpot');
    const remote = await hubspot();
    remote.putDeal({ dealname: 'Keep', dealstage: 's0' });
    const gone = remote.putDeal({ dealname: 'Gone', dealstage: 's1' });
    const id = await suite.kit.connect(company, 'hubspot', remote);
    await suite.kit.settled(company, id);
    const goneId = (await dealsOf(company)).find((d) => d.title === 'Gone')?.id;
    expect(goneId).toBeDefined();

    remote.archive('deals', gone.id);
    // An ordinary run concludes nothing.
    await suite.kit.syncNow(company, id);
    expect((await dealsOf(company)).map((d) => d.title)).toEqual(['Keep', 'Gone']);
    await fullPass(company, id);
    expect((await dealsOf(company)).map((d) => d.title)).toEqual(['Keep']);
    expect(await deletedBy(company)).toEqual([{ entity_id: goneId, actor_name: `HubSpot connector #${id}` }]);
    expect((await dealLinksOf(company)).map((l) => l.remote_id)).not.toContain(gone.id);
    const logged = await suite.kit.logOf(company, id, 'deleted');
    expect(logged.some((e) => e.message.includes('“Gone”'))).toBe(true);
    // The connector's own deletion is not pushed back.
    await suite.kit.syncNow(company, id);
    expect(remote.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  }, 180_000);

  it('Pipedrive: deleted there → deleted here after a full pass; deleted here → deleted there', async () => {
    const company = await suite.company('Gone Pipedrive');
    const remote = await pipedrive();
    const kept = remote.putDeal({ title: 'Kept', pipeline_id: 7, stage_id: 71 });
    const gone = remote.putDeal({ title: 'Dropped', pipeline_id: 7, stage_id: 72 });
    const id = await suite.kit.connect(company, 'pipedrive', remote);
    await suite.kit.settled(company, id);
    expect((await dealsOf(company)).map((d) => d.title)).toEqual(['Kept', 'Dropped']);

    remote.putDeal({ status: 'deleted' }, gone.id);
    await suite.kit.syncNow(company, id);
    expect(await dealsOf(company)).toHaveLength(2);
    await fullPass(company, id);
    const left = await dealsOf(company);
    expect(left.map((d) => d.title)).toEqual(['Kept']);

    const deals = dealKit(suite.t);
    await deals.ok(suite.ana, 'DELETE', deals.deals(company, `/${left[0]?.id}`));
    await suite.kit.syncNow(company, id);
    expect(remote.deal(kept.id)?.status).toBe('deleted');
    expect(await dealLinksOf(company)).toEqual([]);
  }, 180_000);
});

describe('deals that were here before the connection', () => {
  it('HubSpot: the first run creates them with their organisation and people, once; no other company’s', async () => {
    const company = await suite.company('Before HubSpot');
    const other = await suite.company('Before other');
    const deals = dealKit(suite.t);
    const { stage } = await salesOf(company);
    const orgId = await suite.kit.createCustomer(company, { type: 'organisation', name: 'Early Org' });
    const personId = await suite.kit.createCustomer(company, {
      first_name: 'Eva',
      last_name: 'Early',
      email: 'eva@example.com',
    });
    await deals.createDeal(suite.ana, company, {
      title: 'Early deal',
      amount: 300,
      stage_id: stage('Proposal'),
      organisation_id: orgId,
      customer_ids: [personId],
    });
    await deals.createDeal(suite.ana, company, { title: 'Odd stage', stage_id: stage('Negotiation') });
    const otherStage = (await salesOf(other)).stage;
    await deals.createDeal(suite.ana, other, { title: 'Not theirs', stage_id: otherStage('Lead in') });
    const remote = await hubspot();
    remote.pipelines[0]?.stages.splice(3, 1); // HubSpot has no "Negotiation"

    const id = await suite.kit.connect(company, 'hubspot', remote);
    expect((await suite.kit.settled(company, id)).state).toBe('idle');
    const sent = remote.all('deals');
    expect(sent.map((d) => d.properties.dealname)).toEqual(['Early deal']);
    expect(sent[0]?.properties).toMatchObject({ dealstage: 's2', amount: '300' });
    const org = remote.all('companies').find((c) => c.properties.name === 'Early Org');
    const eva = remote.all('contacts').find((c) => c.properties.email === 'eva@example.com');
    expect(remote.associationsOf(sent[0]?.id as string)).toEqual({
      companies: [org?.id],
      contacts: [eva?.id],
    });
    const failed = await suite.kit.logOf(company, id, 'record_failed');
    expect(failed.some((e) => e.message.includes('“Negotiation”'))).toBe(true);

    // Done once: later runs neither send it again nor retry the refused one.
    await suite.kit.syncNow(company, id);
    expect(remote.all('deals')).toHaveLength(1);
    expect(
      remote.calls.filter((c) => c.method === 'POST' && c.path === '/crm/v3/objects/deals'),
    ).toHaveLength(1);
    const connector = await suite.t.ctx.db
      .selectFrom('connectors')
      .select('deal_backfill_after')
      .where('company_id', '=', company)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(connector.deal_backfill_after).toBeNull();
  }, 180_000);

  it('Pipedrive: the first run creates them with their organisation', async () => {
    const company = await suite.company('Before Pipedrive');
    const deals = dealKit(suite.t);
    const { stage } = await salesOf(company);
    const orgId = await suite.kit.createCustomer(company, { type: 'organisation', name: 'Pipe Early' });
    await deals.createDeal(suite.ana, company, {
      title: 'Early pipe',
      amount: 40,
      stage_id: stage('Qualified'),
      organisation_id: orgId,
    });
    const remote = await pipedrive();
    const id = await suite.kit.connect(company, 'pipedrive', remote);
    await suite.kit.settled(company, id);
    const org = await customerNamed(company, { name: 'Pipe Early' });
    expect(org).toBe(orgId);
    const sent = remote.deals();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Early pipe', pipeline_id: 7, stage_id: 72, value: 40 });
    expect(sent[0]?.org_id).not.toBeNull();
  }, 180_000);
});

describe('a crash between a remote deal create and its link', () => {
  it('HubSpot: the next run finds the deal and links it instead of creating it twice', async () => {
    const company = await suite.company('Crash deal');
    const deals = dealKit(suite.t);
    const { stage } = await salesOf(company);
    const created = await deals.createDeal(suite.ana, company, {
      title: 'Crash deal',
      stage_id: stage('Lead in'),
    });
    const remote = await hubspot();
    let writes = 0;
    dealPushTestHooks.afterRemoteWrite = () => {
      if (++writes === 1) throw new Error('process died after the remote create');
    };
    const id = await suite.kit.connect(company, 'hubspot', remote);
    await suite.kit.settled(company, id);
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(remote.all('deals').map((d) => d.properties.dealname)).toEqual(['Crash deal']);
    const links = await dealLinksOf(company);
    expect(links).toMatchObject([
      { deal_id: created.id, remote_id: remote.all('deals')[0]?.id, pending_since: null },
    ]);
    expect(await suite.kit.logOf(company, id, 'resolved')).toHaveLength(1);
    // Not imported back as a second deal either.
    expect(await dealsOf(company)).toHaveLength(1);
  }, 180_000);

  it('Pipedrive: a create that did not happen is made on the next run, once', async () => {
    const company = await suite.company('Crash before deal');
    const deals = dealKit(suite.t);
    const { stage } = await salesOf(company);
    await deals.createDeal(suite.ana, company, { title: 'Late deal', stage_id: stage('Lead in') });
    const remote = await pipedrive();
    remote.failNext('POST', /^\/api\/v1\/deals$/, { status: 500, json: { success: false, error: 'down' } });
    const id = await suite.kit.connect(company, 'pipedrive', remote);
    await suite.kit.settled(company, id);
    expect(remote.deals().map((d) => d.title)).toEqual(['Late deal']);
    const links = await dealLinksOf(company);
    expect(links).toHaveLength(1);
    expect(links[0]?.pending_since).toBeNull();
    expect(await dealsOf(company)).toHaveLength(1);
  }, 180_000);
});
