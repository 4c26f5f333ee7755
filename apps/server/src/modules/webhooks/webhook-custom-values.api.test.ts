import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';
import { messageBody } from './webhook-payload.ts';

/** A webhook message of a customer or deal carries the record's own-field values as the API reads them. */
let t: TestApp;
let c: TwoCompanies;
async function ok(method: 'POST' | 'PATCH', url: string, payload: object) {
  const res = await t.call(c.ana.token, { method, url, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const base = (rest: string) => `/api/companies/${c.acme}/${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  for (const record of ['customer', 'deal']) {
    await ok('POST', base('custom-fields'), {
      record,
      key: 'industry',
      label: 'Industry',
      type: 'single_select',
      options: [
        { value: 'retail', label: 'Retail' },
        { value: 'hospitality', label: 'Hospitality' },
      ],
    });
  }
});
afterAll(() => t.close());

describe('webhook messages with own-field values', () => {
  for (const [record, path, body] of [
    ['customer', 'customers', { name: 'Hotel Adria' }],
    ['deal', 'deals', { title: 'Hotel rooms' }],
  ] as const) {
    it(`a ${record} change sends the record with its values after the change`, async () => {
      const made = await ok('POST', base(path), { ...body, custom: { industry: 'retail' } });
      await ok('PATCH', base(`${path}/${made.id}`), {
        custom: { industry: 'hospitality' },
        version: made.version,
      });
      const feed = await readChanges(t.ctx, c.acme, 0, 1000);
      const entries = feed.filter((e) => e.entity.type === record && e.entity.id === made.id);
      const updated = entries.at(-1);
      expect(updated?.changes).toEqual([
        { field: 'custom.industry', before: 'retail', after: 'hospitality' },
      ]);
      if (!updated) return;
      const message = JSON.parse(await messageBody(t.ctx.db, updated));
      expect(message.type).toBe(`${record}.updated`);
      expect(message.data).toMatchObject({ id: made.id, custom: { industry: 'hospitality' } });
    });
  }
});
