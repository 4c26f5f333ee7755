import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOwnFields } from '../../test-support/own-fields-kit.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/**
 * Own values are read from the record's row (`own_values`,
 * docs/decisions/126-own-values-packed-on-the-row.md): a value put on the row by hand is what the
 * record's page, a list page, a sort and a filter show, whether it walks (a number range) or
 * starts from the index of the values (a select's option few hold).
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.call(c.ana.token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe.each(['customer', 'deal'] as const)('own values of %s records', (record) => {
  it('are read from the row', async () => {
    const plural = `${record}s`;
    const ids = await defineOwnFields(t, c.ana.token, c.acme, [
      { record, key: `tier_${record}`, type: 'single_select', options: { gold: 'Gold', silver: 'Silver' } },
      { record, key: `seats_${record}`, type: 'number' },
    ]);
    const made: number[] = [];
    for (const [name, tier, seats] of [
      ['Row first', 'silver', 1],
      ['Row second', 'silver', 2],
    ] as const) {
      const body = record === 'customer' ? { type: 'organisation', name } : { title: name };
      const res = await t.call(c.ana.token, {
        method: 'POST',
        url: `/api/companies/${c.acme}/${plural}`,
        payload: { ...body, custom: { [`tier_${record}`]: tier, [`seats_${record}`]: seats } },
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().data.id);
    }
    const [first, second] = made as [number, number];
    // The second record's row now says gold and 10 seats, past the write door.
    const packed = { [ids[`tier_${record}`]]: ['gold'], [ids[`seats_${record}`]]: [10] };
    await t.ctx.db
      .updateTable(plural as 'customers')
      .set({ own_values: JSON.stringify(packed) })
      .where('company_id', '=', c.acme)
      .where('id', '=', second)
      .execute();

    const page = await get(`/api/companies/${c.acme}/${plural}/${second}`);
    expect(page.custom).toEqual({ [`tier_${record}`]: 'gold', [`seats_${record}`]: 10 });
    const sorted = await get(`/api/companies/${c.acme}/${plural}?sort=-custom.seats_${record}&limit=2`);
    expect(sorted.items.map((i: { id: number }) => i.id)).toEqual([second, first]);
    expect(sorted.items[0].custom).toEqual({ [`tier_${record}`]: 'gold', [`seats_${record}`]: 10 });
    const ranged = await get(`/api/companies/${c.acme}/${plural}?custom.seats_${record}.gte=5`);
    expect(ranged.items.map((i: { id: number }) => i.id)).toEqual([second]);
    const gold = await get(`/api/companies/${c.acme}/${plural}?custom.tier_${record}=gold`);
    expect(gold.items.map((i: { id: number }) => i.id)).toEqual([second]);
  });
});
