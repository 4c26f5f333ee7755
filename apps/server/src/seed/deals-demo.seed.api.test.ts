import type { Board } from '@kontora/contract/deals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { seedCrmDemo } from './crm-demo.seed.ts';
import { seedDealsDemo } from './deals-demo.seed.ts';

let t: TestApp;
let ana: string;
let acme: number;
let lookalike: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company('Acme d.o.o.', [0, 2], [{ userId: anaId, role: 'owner' }]);
  lookalike = await t.company('Acme d.o.o.', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  await seedCrmDemo(t.ctx.db, 'ana@example.com');
});
afterAll(() => t.close());

describe('deals demo seed', () => {
  it('gives Acme a living board once, linked to its customers', async () => {
    expect(await seedDealsDemo(t.ctx.db, 'ana@example.com')).toBe(30);
    expect(await seedDealsDemo(t.ctx.db, 'ana@example.com')).toBe(0);
    const pipelines = (await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/pipelines` })).json()
      .data;
    const board: Board = (
      await t.call(ana, {
        method: 'GET',
        url: `/api/companies/${acme}/pipelines/${pipelines.items[0].id}/board`,
      })
    ).json().data;
    const counts = board.columns.map((c) => c.count);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThanOrEqual(5);
    const deals = board.columns.flatMap((c) => c.items);
    expect(deals.every((d) => d.organisation_id !== null && d.amount !== null)).toBe(true);
    const forecast = (
      await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/deals/forecast` })
    ).json().data;
    expect(forecast.open_amount).toBeGreaterThan(0);
    const other = await t.ctx.db
      .selectFrom('deals')
      .select('id')
      .where('company_id', '=', lookalike)
      .execute();
    expect(other).toEqual([]);
  });
});
