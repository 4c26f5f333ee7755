import { CustomerCreateBody } from '@kontora/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { completeCustomer, newCustomerRow } from '../customers/customer-dto.ts';
import { insertCustomers } from '../customers/customers.repository.ts';
import { lastTwelveMonths } from './crm-stats.service.ts';

let t: TestApp;
let ana: string;
let anaId: number;
let acme: number;
let beta: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
});
afterAll(() => t.close());

const stats = async (token: string, company: number) => {
  const res = await t.call(token, { method: 'GET', url: `/api/companies/${company}/crm/stats` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const customers = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;

describe('GET /crm/stats', () => {
  it('counts what was created, changed, imported and deleted, and nothing of other companies', async () => {
    const post = (payload: object) => t.call(ana, { method: 'POST', url: customers(acme), payload });
    const ids: number[] = [];
    for (const status of ['lead', 'lead', 'prospect', 'customer', 'customer', 'inactive']) {
      ids.push((await post({ name: `C ${status}`, status })).json().data.id);
    }
    // lead → prospect, one customer deleted, two bulk-changed to customer, two imported leads.
    await t.call(ana, {
      method: 'PATCH',
      url: customers(acme, `/${ids[0]}`),
      payload: { status: 'prospect', version: 1 },
    });
    await t.call(ana, { method: 'DELETE', url: customers(acme, `/${ids[3]}`) });
    await t.call(ana, {
      method: 'POST',
      url: customers(acme, '/bulk'),
      payload: { action: 'set_status', ids: [ids[1], ids[5]], status: 'customer' },
    });
    await t.call(ana, {
      method: 'POST',
      url: customers(acme, '/import'),
      payload: 'name\nI1\nI2\n',
      headers: { 'content-type': 'text/csv' },
    });
    // One customer created in an earlier month, straight into the table.
    const month = lastTwelveMonths(new Date())[9] ?? '';
    await insertCustomers(
      t.ctx.db,
      [
        newCustomerRow(acme, completeCustomer(CustomerCreateBody.parse({ name: 'Old one' })), {
          userId: anaId,
          at: `${month}-15T12:00:00.000Z`,
        }),
      ],
      [[]],
    );
    await t.call(ana, { method: 'POST', url: customers(beta), payload: { name: 'Not counted' } });

    const s = await stats(ana, acme);
    expect(s.customers).toEqual({ total: 8, by_status: { lead: 3, prospect: 2, customer: 3, inactive: 0 } });
    expect(s.funnel).toEqual([
      { status: 'lead', count: 3 },
      { status: 'prospect', count: 2 },
      { status: 'customer', count: 3 },
    ]);
    expect(s.new_customers_per_month).toHaveLength(12);
    expect(s.new_customers_per_month.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      count: 7,
    });
    expect(s.new_customers_per_month[9]).toEqual({ month, count: 1 });
    expect(s.recent_customers.map((c: { name: string }) => c.name)).toEqual([
      'I2',
      'I1',
      'C inactive',
      'C customer',
      'C prospect',
    ]);
    expect(s.time_zone).toBe('Europe/Zagreb');
  });

  it('counts open, overdue, today and this week’s to-dos, and lists the next five', async () => {
    const company = await t.company('Todo Co', [2], [{ userId: anaId, role: 'owner' }]);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const create = async (title: string, start: number, end?: number) =>
      (
        await t.call(ana, {
          method: 'POST',
          url: `/api/companies/${company}/events`,
          payload: { title, start_at: iso(start), ...(end ? { end_at: iso(end) } : {}) },
        })
      ).json().data.id as number;
    await create('overdue long ago', now - 40 * 24 * HOUR);
    await create('now', now - 60_000, now + 60_000);
    const done = await create('done now', now - 120_000, now + 120_000);
    await t.call(ana, { method: 'POST', url: `/api/companies/${company}/events/${done}/done` });
    for (let i = 1; i <= 6; i++) await create(`future ${i}`, now + i * 40 * 24 * HOUR);

    const s = await stats(ana, company);
    expect(s.todos).toEqual({ open: 8, overdue: 1, due_today: 1 });
    // "now" and "done now" are this week; the others are weeks away.
    expect(s.events_this_week).toBe(2);
    expect(s.upcoming_events.map((e: { title: string }) => e.title)).toEqual([
      'now',
      'future 1',
      'future 2',
      'future 3',
      'future 4',
    ]);
  });

  it('needs the CRM module and membership', async () => {
    const noCrm = await t.company('No CRM', [0], [{ userId: anaId, role: 'owner' }]);
    expect((await t.call(ana, { method: 'GET', url: `/api/companies/${noCrm}/crm/stats` })).statusCode).toBe(
      403,
    );
    expect((await t.call(ana, { method: 'GET', url: `/api/companies/${beta}/crm/stats` })).statusCode).toBe(
      403,
    );
  });

  it('follows a date range: customers created in it by status, its months, and to-dos overlapping it', async () => {
    const company = await t.company('Range Co', [2], [{ userId: anaId, role: 'owner' }]);
    const rows = [
      ['Before', 'lead', '2030-02-28T22:59:59.000Z'], // 23:59:59 on 28 February in Zagreb
      ['First', 'lead', '2030-02-28T23:00:00.000Z'], // midnight of 1 March in Zagreb
      ['Second', 'customer', '2030-03-20T10:00:00.000Z'],
      ['Third', 'prospect', '2030-04-30T21:59:59.000Z'], // 23:59:59 on 30 April in Zagreb
      ['After', 'customer', '2030-04-30T22:00:00.000Z'],
    ] as const;
    await insertCustomers(
      t.ctx.db,
      rows.map(([name, status, at]) =>
        newCustomerRow(company, completeCustomer(CustomerCreateBody.parse({ name, status })), {
          userId: anaId,
          at,
        }),
      ),
      rows.map(() => []),
    );
    for (const [title, start_at] of [
      ['in March', '2030-03-10T09:00:00.000Z'],
      ['in May', '2030-05-10T09:00:00.000Z'],
    ])
      await t.call(ana, {
        method: 'POST',
        url: `/api/companies/${company}/events`,
        payload: { title, start_at },
      });

    const url = `/api/companies/${company}/crm/stats?from=2030-03-01&to=2030-04-30`;
    const res = await t.call(ana, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.range).toEqual({ from: '2030-03-01', to: '2030-04-30' });
    expect(s.customers).toEqual({ total: 3, by_status: { lead: 1, prospect: 1, customer: 1, inactive: 0 } });
    expect(s.funnel.map((step: { count: number }) => step.count)).toEqual([1, 1, 1]);
    expect(s.new_customers_per_month.map((m: { month: string }) => m.month)).toEqual(['2030-03', '2030-04']);
    expect(s.events_in_range).toBe(1);
    expect(s.todos.open).toBe(1);

    // Without a range: everything, as before.
    const all = await stats(ana, company);
    expect(all.range).toBeNull();
    expect(all.customers.total).toBe(5);
    expect(all.events_in_range).toBeNull();
    expect(all.todos.open).toBe(2);
  });

  it('refuses a bad range with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=2030-03-01', 'to'],
      ['to=2030-03-01', 'from'],
      ['from=2030-03-10&to=2030-03-01', 'to'],
      ['from=2030-02-30&to=2030-03-01', 'from'],
      ['from=march&to=2030-03-01', 'from'],
      ['from=2028-01-01&to=2030-12-31', 'to'],
    ]) {
      const res = await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/crm/stats?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details, query).toHaveProperty(field as string);
    }
    // Another company's figures stay closed, with or without a range.
    const other = await t.call(ana, {
      method: 'GET',
      url: `/api/companies/${beta}/crm/stats?from=2030-03-01&to=2030-03-31`,
    });
    expect(other.statusCode).toBe(403);
  });
});
