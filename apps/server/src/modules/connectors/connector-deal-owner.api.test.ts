import { describe, expect, it } from 'vitest';
import { dealSyncKit } from '../../test-support/connector-deal-kit.ts';
import { connectorSuite } from '../../test-support/connector-kit.ts';
import { dealKit } from '../deals/deal-test-kit.ts';

const suite = connectorSuite();
const { salesOf, hubspotSales, pipedriveSales, dealTitled } = dealSyncKit(suite);

const anaId = async () =>
  (
    await suite.t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ana@example.com')
      .executeTakeFirstOrThrow()
  ).id;

describe("a deal's owner, matched by email", () => {
  it('HubSpot: both ways; an owner who is no member clears only an owner HubSpot knows', async () => {
    const company = await suite.company('Owners HubSpot');
    const deals = dealKit(suite.t);
    const { stage } = await salesOf(company);
    const remote = await hubspotSales();
    remote.owners.push({ id: 'o1', email: 'ANA@example.com' }, { id: 'o2', email: 'stranger@example.com' });
    const owned = remote.putDeal({ dealname: 'Owned', dealstage: 's0', hubspot_owner_id: 'o1' });
    const id = await suite.kit.connect(company, 'hubspot', remote);
    await suite.kit.settled(company, id);
    const ana = await anaId();
    expect((await dealTitled(company, 'Owned')).owner_id).toBe(ana);

    await deals.createDeal(suite.ana, company, { title: 'Mine', stage_id: stage('Lead in'), owner_id: ana });
    await suite.kit.syncNow(company, id);
    const mine = remote.all('deals').find((d) => d.properties.dealname === 'Mine');
    expect(mine?.properties.hubspot_owner_id).toBe('o1');

    remote.edit('deals', owned.id, { hubspot_owner_id: 'o2' });
    await suite.kit.syncNow(company, id);
    expect((await dealTitled(company, 'Owned')).owner_id).toBeNull();
    remote.edit('deals', owned.id, { hubspot_owner_id: 'o1' });
    await suite.kit.syncNow(company, id);
    const back = await dealTitled(company, 'Owned');
    expect(back.owner_id).toBe(ana);

    await deals.ok(suite.ana, 'PATCH', deals.deals(company, `/${back.id}`), {
      owner_id: null,
      version: back.version,
    });
    await suite.kit.syncNow(company, id);
    expect(remote.get('deals', owned.id)?.properties.hubspot_owner_id).toBe('');
    const modified = remote.all('deals').map((d) => d.updatedAt);
    const quiet = await suite.kit.syncNow(company, id);
    expect(quiet.counts).toMatchObject({ created: 0, updated: 0 });
    expect(remote.all('deals').map((d) => d.updatedAt)).toEqual(modified);
  }, 180_000);

  it('Pipedrive: imported and pushed as its user of the same email; an unknown user is left alone', async () => {
    const company = await suite.company('Owners Pipedrive');
    const deals = dealKit(suite.t);
    const { stage } = await salesOf(company);
    const remote = await pipedriveSales();
    remote.users.push(
      { id: 5, email: 'ana@example.com', active_flag: true },
      { id: 6, email: 'other@example.com', active_flag: true },
    );
    const theirs = remote.putDeal({ title: 'Theirs', pipeline_id: 7, stage_id: 71, user_id: 5 });
    remote.putDeal({ title: 'Other', pipeline_id: 7, stage_id: 71, user_id: 6 });
    const id = await suite.kit.connect(company, 'pipedrive', remote);
    await suite.kit.settled(company, id);
    const ana = await anaId();
    expect((await dealTitled(company, 'Theirs')).owner_id).toBe(ana);
    expect((await dealTitled(company, 'Other')).owner_id).toBeNull();

    await deals.createDeal(suite.ana, company, {
      title: 'Ours',
      stage_id: stage('Qualified'),
      owner_id: ana,
    });
    // A new owner of "Other" in Kontora goes to Pipedrive; "Theirs" moves to a user Kontora lacks.
    const other = await dealTitled(company, 'Other');
    await deals.ok(suite.ana, 'PATCH', deals.deals(company, `/${other.id}`), {
      owner_id: ana,
      version: other.version,
    });
    await suite.kit.syncNow(company, id);
    expect(remote.deals().find((d) => d.title === 'Ours')?.user_id).toBe(5);
    expect(remote.deals().find((d) => d.title === 'Other')?.user_id).toBe(5);
    remote.putDeal({ user_id: 6 }, theirs.id);
    await suite.kit.syncNow(company, id);
    expect((await dealTitled(company, 'Theirs')).owner_id).toBeNull();
    expect(remote.deal(theirs.id)?.user_id).toBe(6);
  }, 180_000);
});
