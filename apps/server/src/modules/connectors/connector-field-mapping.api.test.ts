import { describe, expect, it } from 'vitest';
import { dealSyncKit } from '../../test-support/connector-deal-kit.ts';
import { connectorSuite } from '../../test-support/connector-kit.ts';
import { mappingKit } from '../../test-support/connector-mapping-kit.ts';
import { type HubspotStandin, startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { LOYALTY_TIER } from '../../test-support/connector-standins/hubspot-properties.ts';
import { defineOwnFields, mappingBody } from '../../test-support/own-fields-kit.ts';
import { dealKit } from '../deals/deal-test-kit.ts';

const suite = connectorSuite();
const { salesOf, hubspotSales, pipedriveSales } = dealSyncKit(suite);

const m = mappingKit(suite);

/** The own fields these tests map: a customer select and number, a deal number. */
const ownFields = (company: number) =>
  defineOwnFields(suite.t, suite.ana, company, [
    {
      record: 'customer',
      key: 'tier',
      label: 'Tier',
      type: 'single_select',
      options: { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' },
    },
    { record: 'customer', key: 'rooms', label: 'Rooms', type: 'number' },
    { record: 'deal', key: 'score', label: 'Score', type: 'number' },
  ]);

/** HubSpot's properties for them: the loyalty tier, a room count and a deal score. */
function hubspotProperties(hubspot: HubspotStandin) {
  hubspot.defineProperty('contacts', LOYALTY_TIER);
  hubspot.defineProperty('contacts', {
    name: 'room_count',
    label: 'Room count',
    type: 'number',
    fieldType: 'number',
  });
  hubspot.defineProperty('deals', {
    name: 'deal_score',
    label: 'Deal score',
    type: 'number',
    fieldType: 'number',
  });
}

/** Each of them mapped to its HubSpot property. */
const hubspotMapping = (f: { tier: number; rooms: number; score: number }) =>
  mappingBody([
    [f.tier, 'contact', 'loyalty_tier'],
    [f.rooms, 'contact', 'room_count'],
    [f.score, 'deal', 'deal_score'],
  ]);

describe('field mapping with HubSpot', () => {
  it('lists unmapped properties, refuses bad mappings, and keeps a select and a number in step both ways', async () => {
    const { t, kit } = suite;
    const deals = dealKit(t);
    const company = await suite.company('Fields HubSpot');
    const { stage } = await salesOf(company);
    const own = await ownFields(company);
    const { tier, rooms, score } = own;
    const hubspot = await hubspotSales();
    // Labels as Kontora's, values HubSpot's own: matched by label.
    hubspotProperties(hubspot);
    hubspot.defineProperty('contacts', {
      name: 'favourite_colour',
      label: 'Favourite colour',
      type: 'string',
      fieldType: 'text',
    });
    const contact = hubspot.put('contacts', {
      firstname: 'Rita',
      lastname: 'Remote',
      email: 'rita@example.com',
      loyalty_tier: 'gold_tier',
      room_count: '12',
    });

    const id = await kit.connect(company, 'hubspot', hubspot);
    await kit.settled(company, id);
    const ritaId = await m.customerByEmail(company, 'rita@example.com');
    expect((await m.customer(company, ritaId)).custom).toEqual({});

    // Nothing mapped yet: every own field, and HubSpot's custom properties listed as unmapped.
    const first = await m.get(company, id);
    expect(first.statusCode, first.body).toBe(200);
    const listed = first.json().data;
    expect(listed.fields.map((f: { key: string; remote: unknown[] }) => [f.key, f.remote])).toEqual([
      ['tier', []],
      ['rooms', []],
      ['score', []],
    ]);
    expect(
      listed.unmapped_remote.map((p: { object: string; name: string }) => `${p.object}.${p.name}`).sort(),
    ).toEqual(['contact.favourite_colour', 'contact.loyalty_tier', 'contact.room_count', 'deal.deal_score']);
    expect(listed.remote.some((p: { name: string }) => p.name === 'industry')).toBe(true);
    expect(listed.remote.some((p: { name: string }) => p.name === 'firstname')).toBe(false);

    // Bad mappings: each named in details, nothing saved.
    const bad = await m.put(
      company,
      id,
      mappingBody([
        [tier, 'contact', 'room_count'],
        [rooms, 'contact', 'no_such_property'],
        [score, 'contact', 'room_count'],
        [999_999, 'contact', 'loyalty_tier'],
      ]),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().details).toEqual({
      'mappings.0.name': ['incompatible_type'],
      'mappings.1.name': ['unknown_property'],
      'mappings.2.object': ['invalid_object'],
      'mappings.3.field_id': ['unknown_field'],
    });
    const taken = await m.put(
      company,
      id,
      mappingBody([
        [rooms, 'contact', 'room_count'],
        [tier, 'contact', 'loyalty_tier'],
        [rooms, 'contact', 'room_count'],
      ]),
    );
    expect(taken.json().details).toEqual({ 'mappings.2.object': ['duplicate'] });
    expect(
      (await m.get(company, id))
        .json()
        .data.fields.every((f: { remote: unknown[] }) => f.remote.length === 0),
    ).toBe(true);

    // Mapped: the full pass that follows brings the values already in HubSpot.
    const saved = await m.put(company, id, hubspotMapping(own));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.unmapped_remote.map((p: { name: string }) => p.name)).toEqual([
      'favourite_colour',
    ]);
    expect(saved.json().data.fields[0].remote).toEqual([
      { object: 'contact', name: 'loyalty_tier', label: 'Loyalty tier' },
    ]);
    await kit.settled(company, id);
    expect((await m.customer(company, ritaId)).custom).toEqual({ tier: 'gold', rooms: 12 });

    // Kontora → HubSpot.
    let rita = await m.customer(company, ritaId);
    await m.editCustomer(company, ritaId, { custom: { tier: 'silver', rooms: 30 }, version: rita.version });
    const deal = await deals.createDeal(suite.ana, company, {
      title: 'Scored deal',
      stage_id: stage('Lead in'),
      custom: { score: 42 },
    });
    await kit.syncNow(company, id);
    expect(hubspot.get('contacts', contact.id)?.properties).toMatchObject({
      loyalty_tier: 'silver_tier',
      room_count: '30',
    });
    const remoteDeal = hubspot.all('deals').find((d) => d.properties.dealname === 'Scored deal');
    expect(remoteDeal?.properties.deal_score).toBe('42');

    // Our own writes coming back change nothing on either side.
    const modified = [hubspot.get('contacts', contact.id)?.updatedAt, remoteDeal?.updatedAt];
    const quiet = await kit.syncNow(company, id);
    expect(quiet.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect([
      hubspot.get('contacts', contact.id)?.updatedAt,
      hubspot.get('deals', remoteDeal?.id as string)?.updatedAt,
    ]).toEqual(modified);

    // HubSpot → Kontora, and a value that fits no field: logged and skipped, the rest applied.
    hubspot.edit('contacts', contact.id, {
      loyalty_tier: 'gold_tier',
      room_count: 'lots',
      phone: '+385 1 111 222',
    });
    hubspot.edit('deals', remoteDeal?.id as string, { deal_score: '50' });
    // A contact new to Kontora is imported with its values.
    hubspot.put('contacts', {
      firstname: 'Nina',
      email: 'nina@example.com',
      loyalty_tier: 'silver_tier',
      room_count: '3',
    });
    const after = await kit.syncNow(company, id);
    expect(after.state).toBe('idle');
    rita = await m.customer(company, ritaId);
    expect(rita.custom).toEqual({ tier: 'gold', rooms: 30 });
    expect((await m.customer(company, await m.customerByEmail(company, 'nina@example.com'))).custom).toEqual({
      tier: 'silver',
      rooms: 3,
    });
    const skipped = await kit.logOf(company, id, 'value_skipped');
    expect(skipped.some((e) => e.message.includes('Rooms') && e.message.includes('lots'))).toBe(true);
    const localDeal = await deals.ok(suite.ana, 'GET', deals.deals(company, `/${deal.id}`));
    expect(localDeal.custom).toEqual({ score: 50 });
  }, 180_000);
});

describe('field mapping with Pipedrive', () => {
  it('keeps a select (option ids) and a number in step both ways', async () => {
    const { t, kit } = suite;
    const deals = dealKit(t);
    const company = await suite.company('Fields Pipedrive');
    await salesOf(company);
    const { tier, rooms, score } = await ownFields(company);
    const pipedrive = await pipedriveSales();
    const tierField = pipedrive.defineField('person', 'Tier', 'enum', ['Gold', 'Silver']);
    const roomsField = pipedrive.defineField('person', 'Rooms', 'double');
    const notes = pipedrive.defineField('person', 'Birthday notes', 'varchar');
    const scoreField = pipedrive.defineField('deal', 'Score', 'double');
    const optionId = (label: string) => tierField.options.find((o) => o.label === label)?.id as number;
    const person = pipedrive.put('persons', {
      name: 'Pia Remote',
      first_name: 'Pia',
      last_name: 'Remote',
      emails: [{ value: 'pia@example.com', primary: true, label: 'work' }],
      custom_fields: { [tierField.key]: optionId('Silver'), [roomsField.key]: 4 },
    });
    const remoteDeal = pipedrive.putDeal({ title: 'Piped deal', pipeline_id: 7, stage_id: 72 });

    const id = await kit.connect(company, 'pipedrive', pipedrive);
    await kit.settled(company, id);
    const listed = (await m.get(company, id)).json().data;
    expect(listed.objects).toEqual({ customer: ['person', 'organization'], deal: ['deal'] });
    expect(listed.unmapped_remote.map((p: { label: string }) => p.label).sort()).toEqual([
      'Birthday notes',
      'Rooms',
      'Score',
      'Tier',
    ]);
    const wrongKind = await m.put(company, id, mappingBody([[rooms, 'person', tierField.key]]));
    expect(wrongKind.json().details).toEqual({ 'mappings.0.name': ['incompatible_type'] });
    const saved = await m.put(
      company,
      id,
      mappingBody([
        [tier, 'person', tierField.key],
        [rooms, 'person', roomsField.key],
        [score, 'deal', scoreField.key],
      ]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.unmapped_remote.map((p: { name: string }) => p.name)).toEqual([notes.key]);
    await kit.settled(company, id);
    const piaId = await m.customerByEmail(company, 'pia@example.com');
    expect((await m.customer(company, piaId)).custom).toEqual({ tier: 'silver', rooms: 4 });

    // Kontora → Pipedrive: the option by its id, the number as a number; a deal's value at the top level.
    const pia = await m.customer(company, piaId);
    await m.editCustomer(company, piaId, { custom: { tier: 'gold', rooms: 9.5 }, version: pia.version });
    const dealId = (await t.ctx.db
      .selectFrom('deals')
      .select(['id', 'version'])
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow()) as { id: number; version: number };
    await deals.ok(suite.ana, 'PATCH', deals.deals(company, `/${dealId.id}`), {
      custom: { score: 8 },
      version: dealId.version,
    });
    await kit.syncNow(company, id);
    expect(pipedrive.get('persons', person.id)?.custom_fields).toMatchObject({
      [tierField.key]: optionId('Gold'),
      [roomsField.key]: 9.5,
    });
    expect((pipedrive.deal(remoteDeal.id) as unknown as Record<string, unknown>)[scoreField.key]).toBe(8);
    const quiet = await kit.syncNow(company, id);
    expect(quiet.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });

    // Pipedrive → Kontora; an option Kontora lacks is logged and skipped.
    pipedrive.edit('persons', person.id, {
      custom_fields: { [tierField.key]: optionId('Silver'), [roomsField.key]: 11 },
    });
    pipedrive.putDeal({ [scoreField.key]: 3 } as never, remoteDeal.id);
    await kit.syncNow(company, id);
    expect((await m.customer(company, piaId)).custom).toEqual({ tier: 'silver', rooms: 11 });
    const localDeal = await deals.ok(suite.ana, 'GET', deals.deals(company, `/${dealId.id}`));
    expect(localDeal.custom).toEqual({ score: 3 });
  }, 180_000);
});

describe('field mapping access', () => {
  it('is read by members, changed by owners and admins, and never across companies', async () => {
    const { t, kit } = suite;
    const anaId = (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'ana@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const memberId = await t.user('mia@example.com');
    const company = await t.company(
      'Fields access',
      [0, 1, 2],
      [
        { userId: anaId, role: 'owner' },
        { userId: memberId, role: 'member' },
      ],
    );
    const other = await suite.company('Fields elsewhere');
    const mia = await t.login('mia@example.com');
    const { tier } = await ownFields(company);
    const hubspot = await startHubspotStandin();
    suite.standins.push(hubspot);
    hubspot.defineProperty('contacts', LOYALTY_TIER);
    const id = await kit.connect(company, 'hubspot', hubspot);
    const mapping = mappingBody([[tier, 'contact', 'loyalty_tier']]);

    expect((await m.get(company, id, mia)).statusCode).toBe(200);
    expect((await m.put(company, id, mapping, mia)).statusCode).toBe(403);
    // Another company's connection is not found from here, whoever asks.
    expect((await m.get(other, id)).statusCode).toBe(404);
    expect((await m.put(other, id, mapping)).statusCode).toBe(404);
    // Another company's field cannot be mapped here.
    const { tier: foreignTier } = await ownFields(other);
    const foreign = await m.put(company, id, mappingBody([[foreignTier, 'contact', 'loyalty_tier']]));
    expect(foreign.json().details).toEqual({ 'mappings.0.field_id': ['unknown_field'] });
    expect((await m.put(company, id, mapping)).statusCode).toBe(200);
    await kit.settled(company, id);
  }, 120_000);
});

describe('values already in Kontora when a field is first mapped', () => {
  it('are sent by the run the mapping queues, once, for linked customers and deals; not another company’s', async () => {
    const { kit } = suite;
    const deals = dealKit(suite.t);
    const company = await suite.company('Fields before mapping');
    const other = await suite.company('Fields elsewhere');
    const { stage } = await salesOf(company);
    const own = await ownFields(company);
    await ownFields(other);
    const hubspot = await hubspotSales();
    hubspotProperties(hubspot);
    const id = await kit.connect(company, 'hubspot', hubspot);
    await kit.settled(company, id);

    const create = async (at: number, email: string) => {
      const res = await suite.t.call(suite.ana, {
        method: 'POST',
        url: `/api/companies/${at}/customers`,
        payload: { name: email, email, custom: { tier: 'silver', rooms: 8 } },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await create(company, 'vera@example.com');
    await create(other, 'elsewhere@example.com');
    await deals.createDeal(suite.ana, company, {
      title: 'Old deal',
      stage_id: stage('Lead in'),
      custom: { score: 7 },
    });
    // Nothing mapped yet: they go out without the values.
    await kit.syncNow(company, id);
    const contact = hubspot.all('contacts').find((c) => c.properties.email === 'vera@example.com');
    const remoteDeal = hubspot.all('deals').find((d) => d.properties.dealname === 'Old deal');
    expect(contact?.properties.loyalty_tier).toBeUndefined();
    expect(remoteDeal?.properties.deal_score).toBeUndefined();

    const saved = await m.put(company, id, hubspotMapping(own));
    expect(saved.statusCode, saved.body).toBe(200);
    await kit.settled(company, id);
    expect(hubspot.get('contacts', contact?.id as string)?.properties).toMatchObject({
      loyalty_tier: 'silver_tier',
      room_count: '8',
    });
    expect(hubspot.get('deals', remoteDeal?.id as string)?.properties.deal_score).toBe('7');
    expect(hubspot.all('contacts').some((c) => c.properties.email === 'elsewhere@example.com')).toBe(false);
    // Once: the next run finds them as sent.
    const modified = hubspot.get('contacts', contact?.id as string)?.updatedAt;
    const quiet = await kit.syncNow(company, id);
    expect(quiet.counts).toMatchObject({ updated: 0, failed: 0 });
    expect(hubspot.get('contacts', contact?.id as string)?.updatedAt).toBe(modified);
  }, 180_000);
});
