import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** The currency and time-zone choices of a company (decision 030). */
let t: TestApp;
let root: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.user('root@example.com', { is_admin: true });
  const ownerId = await t.user('owner@example.com');
  await t.company('Owned', [0], [{ userId: ownerId, role: 'owner' }]);
  root = await t.login('root@example.com');
  owner = await t.login('owner@example.com');
});
afterAll(() => t.close());

const create = (payload: object) => t.call(root, { method: 'POST', url: '/api/admin/companies', payload });
const patch = (id: number, payload: object, token = root) =>
  t.call(token, { method: 'PATCH', url: `/api/admin/companies/${id}`, payload });

describe('the lookup lists', () => {
  it('offer current ISO 4217 currencies once each, and the IANA zones', async () => {
    const res = await t.call(undefined, { method: 'GET', url: '/api/application-helpers' });
    expect(res.statusCode).toBe(200);
    const codes = (res.json().data.currencies as { value: string }[]).map((c) => c.value);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP', 'CHF', 'XCG']));
    for (const gone of [
      'HRK',
      'BGN',
      'CUC',
      'SLL',
      'ZWL',
      'ANG',
      'BOV',
      'CHE',
      'CHW',
      'USN',
      'XBA',
      'XDR',
      'XTS',
      'XXX',
    ])
      expect(codes, gone).not.toContain(gone);
    expect(res.json().data.time_zones).toEqual(expect.arrayContaining(['Europe/Zagreb', 'America/New_York']));
  });
});

describe('currency', () => {
  it('refuses a retired or non-money code for a new company with 400 on the field', async () => {
    for (const [currency, reason] of [
      ['HRK', 'retired_currency'],
      ['XDR', 'retired_currency'],
      ['BOV', 'invalid_currency'],
      ['XTS', 'invalid_currency'],
    ] as const) {
      const res = await create({ name: `With ${currency}`, currency });
      expect(res.statusCode, currency).toBe(400);
      expect(res.json().details, currency).toEqual({ currency: [reason] });
    }
    expect((await create({ name: 'Euro', currency: 'eur' })).statusCode).toBe(201);
  });

  it('keeps a stored retired code through other edits, but never takes it as a change', async () => {
    const id = (await create({ name: 'Since 2010' })).json().data.id as number;
    await t.ctx.db.updateTable('companies').set({ currency: 'HRK' }).where('id', '=', id).execute();

    // The details form sends every field: the unchanged kuna goes through with the new name.
    const kept = await patch(id, { name: 'Since 2010 d.o.o.', currency: 'HRK' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Since 2010 d.o.o.', currency: 'HRK' });

    expect((await patch(id, { currency: 'EUR' })).json().data.currency).toBe('EUR');
    const back = await patch(id, { currency: 'HRK' });
    expect(back.statusCode).toBe(400);
    expect(back.json().details).toEqual({ currency: ['retired_currency'] });
  });
});

describe('time zone', () => {
  it('takes IANA zones and UTC, and names the field when refusing anything else', async () => {
    const id = (await create({ name: 'Zoned', time_zone: 'America/New_York' })).json().data.id as number;
    for (const zone of ['Zagreb', 'europe/zagreb', 'Mars/Olympus', 'GMT+1']) {
      const res = await patch(id, { time_zone: zone });
      expect(res.statusCode, zone).toBe(400);
      expect(res.json().details, zone).toEqual({ time_zone: ['invalid_time_zone'] });
    }
    expect((await patch(id, { time_zone: 'UTC' })).json().data.time_zone).toBe('UTC');
    expect((await patch(id, { time_zone: 'Asia/Tokyo' })).json().data.time_zone).toBe('Asia/Tokyo');
  });

  it("is a superuser matter: a company owner cannot change another company's zone", async () => {
    const other = (await create({ name: 'Not theirs' })).json().data.id as number;
    const res = await patch(other, { time_zone: 'Asia/Tokyo' }, owner);
    expect(res.statusCode).toBe(403);
    const read = await t.call(root, { method: 'GET', url: `/api/admin/companies/${other}` });
    expect(read.json().data.time_zone).toBe('Europe/Zagreb');
  });
});
