import { CrmStats, CrmStatsQuery } from '@kontora/contract/crm-stats';
import { CustomerCreateBody } from '@kontora/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { completeCustomer, newCustomerRow } from '../customers/customer-dto.ts';
import { crmVersions } from './crm-stats-cache.ts';

/**
 * The dashboard's answer is cached under the company's to-do and customer versions and until the
 * clock changes a figure (migration 029): every change must show in the very next request.
 */
let t: TestApp;
let ana: string;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  acme = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
});
afterAll(() => t.close());

const customerRow = async (company: number) =>
  newCustomerRow(company, completeCustomer(CustomerCreateBody.parse({ name: 'Horvat' })), {
    userId: null,
    at: new Date().toISOString(),
  });
const path = (rest: string) => `/api/companies/${acme}${rest}`;

async function stats(): Promise<CrmStats> {
  const res = await t.call(ana, { method: 'GET', url: path('/crm/stats') });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return CrmStats.parse(res.json().data);
}

async function post(url: string, payload: object) {
  const res = await t.call(ana, { method: 'POST', url: path(url), payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { id: number };
}

describe('cached CRM dashboard', () => {
  it('is served from the cache, and shows every change and the passing of time at once', async () => {
    const empty = await stats();
    const key = `${acme}:${await crmVersions(t.ctx.db, acme)}?${JSON.stringify(CrmStatsQuery.parse({}))}`;
    const cached = t.ctx.caches.crmStats.get(key);
    expect(cached && JSON.parse(cached.body).data).toEqual(empty);
    t.ctx.caches.crmStats.set(key, acme, {
      body: JSON.stringify({ data: { ...empty, time_zone: 'X' } }),
      until: Infinity,
    });
    expect((await stats()).time_zone).toBe('X');
    // `Cache-Control: no-cache` (RFC 9111): computed now, whatever is kept; and the fresh answer is kept.
    const fresh = await t.call(ana, {
      method: 'GET',
      url: path('/crm/stats'),
      headers: { 'cache-control': 'no-cache' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(CrmStats.parse(fresh.json().data)).toEqual(empty);
    expect(await stats()).toEqual(empty);
    t.ctx.caches.crmStats.clear();

    await post('/customers', { name: 'Horvat d.o.o.', status: 'lead' });
    expect((await stats()).customers.total).toBe(1);
    expect((await stats()).recent_customers.map((c) => c.name)).toEqual(['Horvat d.o.o.']);

    // A to-do ending in a moment: open now, overdue once its end has passed, with no write between.
    const end = new Date(Date.now() + 1500);
    const todo = await post('/events', {
      title: 'Soon over',
      start_at: new Date(end.getTime() - 60_000).toISOString(),
      end_at: end.toISOString(),
    });
    const before = await stats();
    expect(before.todos.open).toBe(1);
    expect(before.todos.overdue).toBe(0);
    expect(before.upcoming_events.map((e) => e.title)).toEqual(['Soon over']);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, end.getTime() - Date.now()) + 50));
    const after = await stats();
    expect(after.todos.overdue).toBe(1);
    expect(after.upcoming_events).toEqual([]);

    await post(`/events/${todo.id}/done`, {});
    expect((await stats()).todos).toMatchObject({ open: 0, overdue: 0 });

    // Written by hand, outside the application: the triggers move the versions all the same.
    await t.ctx.db
      .updateTable('customers')
      .set({ status: 'customer' })
      .where('company_id', '=', acme)
      .execute();
    expect((await stats()).customers.by_status).toMatchObject({ lead: 0, customer: 1 });
    await t.ctx.db.deleteFrom('events').where('company_id', '=', acme).execute();
    expect((await stats()).todos).toMatchObject({ open: 0, overdue: 0 });
  });

  it('lets a company with customers be deleted (triggers of its rows do not revive its versions)', async () => {
    const gone = await t.company('Gone', [2], []);
    // (With a to-do linked to a customer as well, the delete fails on SQLite with a foreign-key
    // error with or without these triggers: left out here, a matter of its own.)
    await t.ctx.db
      .insertInto('customers')
      .values(await customerRow(gone))
      .execute();
    await t.ctx.db.deleteFrom('companies').where('id', '=', gone).execute();
    expect(await crmVersions(t.ctx.db, gone)).toBe('0.0');
  });
});
