import { describe, expect, it } from 'vitest';
import { dealSyncKit } from '../../test-support/connector-deal-kit.ts';
import { connectorSuite } from '../../test-support/connector-kit.ts';
import { mappingKit } from '../../test-support/connector-mapping-kit.ts';
import { defineOwnFields, mappingBody } from '../../test-support/own-fields-kit.ts';
import { dealKit } from '../deals/deal-test-kit.ts';

/**
 * Own fields of type person mapped to the provider's users (decision 093): a member is the
 * remote user of the same email, both ways; a remote user who is no member leaves the field
 * empty and is logged, and an empty person is never sent (the remote user stays).
 */
const suite = connectorSuite();
const { salesOf, hubspotSales, pipedriveSales, dealTitled } = dealSyncKit(suite);
const m = mappingKit(suite);

const userId = async (email: string) =>
  (await suite.t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;

/** The run logged the account manager's remote user as no member here. */
async function expectUnknownUserLogged(company: number, id: number) {
  const skipped = await suite.kit.logOf(company, id, 'value_skipped');
  expect(
    skipped.some((e) => e.message.includes('Account manager') && e.message.includes('unknown_user')),
  ).toBe(true);
}

const managerFields = (company: number) =>
  defineOwnFields(suite.t, suite.ana, company, [
    { record: 'customer', key: 'manager', label: 'Account manager', type: 'person' },
    { record: 'deal', key: 'closer', label: 'Closer', type: 'person' },
  ]);

describe('person fields mapped to HubSpot owners', () => {
  it('match a member to the owner of the same email both ways; an unknown owner is logged, not a 500', async () => {
    const company = await suite.company('People HubSpot');
    const { stage } = await salesOf(company);
    const ana = await userId('ana@example.com');
    const { manager, closer } = await managerFields(company);
    const hubspot = await hubspotSales();
    hubspot.owners.push(
      { id: '501', email: 'ANA@example.com' },
      { id: '502', email: 'stranger@example.com' },
    );
    // A "HubSpot user" property, as HubSpot makes them: an enumeration referencing owners.
    const userProperty = { type: 'enumeration', fieldType: 'select', referencedObjectType: 'OWNER' };
    hubspot.defineProperty('contacts', {
      name: 'account_manager',
      label: 'Account manager',
      ...userProperty,
    });
    hubspot.defineProperty('deals', { name: 'closer', label: 'Closer', ...userProperty });
    const contact = hubspot.put('contacts', {
      firstname: 'Rita',
      email: 'rita@example.com',
      account_manager: '501',
    });
    const id = await suite.kit.connect(company, 'hubspot', hubspot);
    await suite.kit.settled(company, id);

    // The deal's own owner is synced as the deal's: not offered; other user properties are, only to persons.
    const listed = (await m.get(company, id)).json().data;
    const offered = listed.remote
      .filter((p: { kind: string }) => p.kind === 'user')
      .map((p: { object: string; name: string }) => `${p.object}.${p.name}`);
    expect(offered).toEqual(['contact.account_manager', 'deal.closer']);
    const wrong = await m.put(company, id, mappingBody([[manager, 'company', 'industry']]));
    expect(wrong.json().details).toEqual({ 'mappings.0.name': ['incompatible_type'] });
    const saved = await m.put(
      company,
      id,
      mappingBody([
        [manager, 'contact', 'account_manager'],
        [closer, 'deal', 'closer'],
      ]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await suite.kit.settled(company, id);
    const rita = await m.customerByEmail(company, 'rita@example.com');
    expect((await m.customer(company, rita)).custom).toEqual({ manager: ana });

    // Kontora → HubSpot: the member as their owner id.
    await dealKit(suite.t).createDeal(suite.ana, company, {
      title: 'Closed by Ana',
      stage_id: stage('Lead in'),
      custom: { closer: ana },
    });
    await suite.kit.syncNow(company, id);
    expect(
      hubspot.all('deals').find((d) => d.properties.dealname === 'Closed by Ana')?.properties.closer,
    ).toBe('501');

    // An owner who is a member of another company only: no member here, left empty, logged.
    const stranger = await suite.t.user('stranger@example.com');
    await suite.t.company('Strangers', [0], [{ userId: stranger, role: 'owner' }]);
    hubspot.edit('contacts', contact.id, { account_manager: '502' });
    const run = await suite.kit.syncNow(company, id);
    expect(run.state).toBe('idle');
    expect((await m.customer(company, rita)).custom).toEqual({});
    await expectUnknownUserLogged(company, id);
    // A change in Kontora does not wipe out the owner HubSpot has.
    const before = await m.customer(company, rita);
    await m.editCustomer(company, rita, { phone: '+385 1 234 567', version: before.version });
    await suite.kit.syncNow(company, id);
    expect(hubspot.get('contacts', contact.id)?.properties).toMatchObject({
      phone: '+385 1 234 567',
      account_manager: '502',
    });
  }, 180_000);
});

describe('person fields mapped to Pipedrive users', () => {
  it('match a member to the user of the same email on persons and deals; an unknown user is logged', async () => {
    const company = await suite.company('People Pipedrive');
    const ana = await userId('ana@example.com');
    await salesOf(company);
    const { manager, closer } = await managerFields(company);
    const pipedrive = await pipedriveSales();
    pipedrive.users.push(
      { id: 11, email: 'ana@example.com', active_flag: true },
      { id: 12, email: 'stranger@example.com', active_flag: true },
    );
    const managerField = pipedrive.defineField('person', 'Account manager', 'user');
    const closerField = pipedrive.defineField('deal', 'Closer', 'user');
    const person = pipedrive.put('persons', {
      name: 'Pia Remote',
      emails: [{ value: 'pia@example.com', primary: true, label: 'work' }],
      custom_fields: { [managerField.key]: 11 },
    });
    // API v1 answers a deal's user field as an object, as it answers the deal's owner.
    const remoteDeal = pipedrive.putDeal({ title: 'Piped deal', pipeline_id: 7, stage_id: 72 });
    pipedrive.putDeal({ [closerField.key]: 11 } as never, remoteDeal.id);

    const id = await suite.kit.connect(company, 'pipedrive', pipedrive);
    await suite.kit.settled(company, id);
    const saved = await m.put(
      company,
      id,
      mappingBody([
        [manager, 'person', managerField.key],
        [closer, 'deal', closerField.key],
      ]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await suite.kit.settled(company, id);
    const pia = await m.customerByEmail(company, 'pia@example.com');
    expect((await m.customer(company, pia)).custom).toEqual({ manager: ana });
    const deal = await dealTitled(company, 'Piped deal');
    expect(
      (await dealKit(suite.t).ok(suite.ana, 'GET', dealKit(suite.t).deals(company, `/${deal.id}`))).custom,
    ).toEqual({ closer: ana });

    // Kontora → Pipedrive: the member as the user's id.
    await suite.kit.createCustomer(company, {
      name: 'Rita Local',
      email: 'rita@example.com',
      custom: { manager: ana },
    });
    await suite.kit.syncNow(company, id);
    const pushed = pipedrive.all('persons').find((p) => p.name === 'Rita Local');
    expect(pushed?.custom_fields?.[managerField.key]).toBe(11);

    // A user who is no member here: left empty, logged; the run goes on.
    pipedrive.edit('persons', person.id, { custom_fields: { [managerField.key]: 12 } });
    const run = await suite.kit.syncNow(company, id);
    expect(run.state).toBe('idle');
    expect((await m.customer(company, pia)).custom).toEqual({});
    await expectUnknownUserLogged(company, id);
    expect(pipedrive.get('persons', person.id)?.custom_fields?.[managerField.key]).toBe(12);
  }, 180_000);
});
