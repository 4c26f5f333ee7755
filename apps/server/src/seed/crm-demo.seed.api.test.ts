import { isValidOib } from '@kontora/contract/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossCompany } from '../db/cross-company.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { seedCrmDemo } from './crm-demo.seed.ts';
import { ACME_CUSTOMERS, ACME_EVENTS, BISTRO_CUSTOMERS, BISTRO_EVENTS } from './crm-demo-data.ts';

const DEMO_OWNER = 'ana@example.com';

let t: TestApp;
let ana: string;
let acme: number;
let bistro: number;
let lookalike: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user(DEMO_OWNER);
  const markoId = await t.user('marko@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company('Acme d.o.o.', [0, 2], [{ userId: anaId, role: 'owner' }]);
  bistro = await t.company(
    'Bistro Mare',
    [2],
    [
      { userId: anaId, role: 'member' },
      { userId: markoId, role: 'member' },
    ],
  );
  // Same name as a demo company, but not the demo's: must stay empty.
  lookalike = await t.company('Acme d.o.o.', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login(DEMO_OWNER);
});
afterAll(() => t.close());

const get = async (token: string, url: string) => {
  const res = await t.call(token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const stats = (company: number) => get(ana, `/api/companies/${company}/crm/stats`);

describe('CRM demo seed', () => {
  it('fills the demo companies once: a second run adds nothing', async () => {
    const first = await seedCrmDemo(t.ctx.db, DEMO_OWNER);
    expect(first).toEqual({
      customers: ACME_CUSTOMERS.length + BISTRO_CUSTOMERS.length,
      events: ACME_EVENTS.length + BISTRO_EVENTS.length,
    });
    expect(await seedCrmDemo(t.ctx.db, DEMO_OWNER)).toEqual({ customers: 0, events: 0 });

    const s = await stats(acme);
    expect(s.customers.total).toBe(ACME_CUSTOMERS.length);
    const byStatus = { lead: 0, prospect: 0, customer: 0, inactive: 0 };
    for (const c of ACME_CUSTOMERS) byStatus[c.status] += 1;
    expect(s.customers.by_status).toEqual(byStatus);
    expect((await stats(bistro)).customers.total).toBe(BISTRO_CUSTOMERS.length);

    const rows = await crossCompany(
      t.ctx.db,
      'the test looks at every company to see the seed kept out of one',
    )
      .selectFrom('customers')
      .select((eb) => ['company_id', eb.fn.countAll<number>().as('n')])
      .groupBy('company_id')
      .execute();
    expect(rows.find((r) => r.company_id === lookalike)).toBeUndefined();
  });

  it('spreads the customers over the last twelve months, every month counted', async () => {
    const s = await stats(acme);
    const perMonth: number[] = s.new_customers_per_month.map((m: { count: number }) => m.count);
    expect(perMonth.reduce((a, b) => a + b, 0)).toBe(ACME_CUSTOMERS.length);
    expect(perMonth.filter((n) => n > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('has valid customers: Croatian OIBs with their check digit, found by search, each with a timeline', async () => {
    const all = await t.ctx.db
      .selectFrom('customers')
      .select(['id', 'oib', 'country'])
      .where('company_id', '=', acme)
      .execute();
    const oibs = all.filter((c) => c.oib);
    expect(oibs.length).toBeGreaterThan(5);
    for (const c of oibs) {
      expect(c.country).toBe('HR');
      expect(isValidOib(c.oib ?? ''), c.oib ?? '').toBe(true);
    }
    const found = await get(ana, `/api/companies/${acme}/customers?q=kovacevic`);
    expect(found.items.map((c: { name: string }) => c.name)).toEqual(['Marija Kovačević']);
    const first = all[0];
    const timeline = await get(ana, `/api/companies/${acme}/customers/${first?.id}/timeline`);
    expect(timeline.items.length).toBeGreaterThan(0);
  });

  it('gives the to-do list something overdue, something open and something done', async () => {
    const s = await stats(acme);
    expect(s.todos.overdue).toBeGreaterThan(0);
    expect(s.todos.open).toBeGreaterThan(s.todos.overdue);
    expect(s.upcoming_events.length).toBe(5);
    const done = await get(ana, `/api/companies/${acme}/events?filter=done`);
    expect(done.items.length).toBe(ACME_EVENTS.filter((e) => e.done).length);
    expect(s.todos.open + done.items.length).toBe(ACME_EVENTS.length);
  });
});
