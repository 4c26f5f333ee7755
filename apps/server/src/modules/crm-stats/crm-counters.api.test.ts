import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossCompany } from '../../db/cross-company.ts';
import { dialectOf } from '../../db/dialect.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { recountCrmCounters } from './crm-counters.ts';

/**
 * The dashboard's counters (customer_counts, event_counts) are kept by
 * triggers; after a mix of every kind of change through the API they must
 * equal a fresh COUNT of the tables, and the repair path must rebuild them.
 */
let t: TestApp;
let ana: string;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
});
afterAll(() => t.close());

type Counts = Record<string, number>;

/** What the counters say, without zero rows (a counter that went back to 0 equals no counter). */
async function counters(): Promise<{ customers: Counts; events: Counts }> {
  const db = crossCompany(t.ctx.db, 'test: compares every counter with the tables');
  const customers: Counts = {};
  for (const r of await db.selectFrom('customer_counts').selectAll().execute()) {
    if (Number(r.n) !== 0) customers[`${r.company_id}/${r.dimension}/${r.value}`] = Number(r.n);
  }
  const events: Counts = {};
  for (const r of await db.selectFrom('event_counts').selectAll().execute()) {
    if (Number(r.n_open) !== 0) events[`${r.company_id}/${r.day}`] = Number(r.n_open);
  }
  return { customers, events };
}

/** The same figures counted afresh from the tables. */
async function fresh(): Promise<{ customers: Counts; events: Counts }> {
  const db = crossCompany(t.ctx.db, 'test: counts every company’s rows afresh');
  const pg = dialectOf(t.ctx.db) === 'postgres';
  const prefix = (column: string, length: number) =>
    pg
      ? sql.raw(`to_char(${column} at time zone 'UTC', '${length === 7 ? 'YYYY-MM' : 'YYYY-MM-DD'}')`)
      : sql.raw(`substr(${column}, 1, ${length})`);
  const customers: Counts = {};
  const byStatus = await sql<{ company_id: number; v: string; n: number }>`
    select company_id, status as v, count(*) as n from customers group by 1, 2`.execute(db);
  for (const r of byStatus.rows) customers[`${r.company_id}/status/${r.v}`] = Number(r.n);
  const byMonth = await sql<{ company_id: number; v: string; n: number }>`
    select company_id, ${prefix('created_at', 7)} as v, count(*) as n from customers group by 1, 2`.execute(
    db,
  );
  for (const r of byMonth.rows) customers[`${r.company_id}/month/${r.v}`] = Number(r.n);
  const events: Counts = {};
  const open = await sql<{ company_id: number; v: string; n: number }>`
    select company_id, ${prefix('until_at', 10)} as v, count(*) as n from events where not done group by 1, 2`.execute(
    db,
  );
  for (const r of open.rows) events[`${r.company_id}/${r.v}`] = Number(r.n);
  return { customers, events };
}

describe('CRM counters', () => {
  it('equal a fresh count after creates, edits, deletes, imports, merges, undo and bulk changes', async () => {
    const call = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = ana) => {
      const res = await t.call(token, {
        method,
        url: `/api/companies/${acme}${url}`,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.body ? res.json().data : undefined;
    };
    const ids: number[] = [];
    for (const [i, status] of [
      'lead',
      'lead',
      'prospect',
      'customer',
      'customer',
      'inactive',
      'lead',
    ].entries()) {
      ids.push(
        (await call('POST', '/customers', { name: `Counted ${i}`, status, email: `c${i}@example.com` })).id,
      );
    }
    const [a, b, c, d, e, f, g] = ids as [number, number, number, number, number, number, number];
    await call('PATCH', `/customers/${a}`, { status: 'customer', version: 1 });
    await call('PATCH', `/customers/${b}`, { name: 'Renamed only', version: 1 });
    await call('DELETE', `/customers/${c}`);
    await call('POST', '/customers/bulk', { action: 'set_status', ids: [d, f], status: 'prospect' });
    await call('POST', '/customers/bulk-by-filter', {
      filter: { q: 'counted' },
      action: 'set_status',
      status: 'inactive',
    });
    const imported = await t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/customers/import`,
      payload: 'name,status\nImported 1,lead\nImported 2,customer\nImported 3,prospect\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const versions = async (...of: number[]) => {
      const out: Record<string, number> = {};
      for (const id of of) {
        const res = await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/customers/${id}` });
        out[String(id)] = res.json().data.version;
      }
      return out;
    };
    const merge = await call('POST', '/customers/merge', {
      survivor_id: e,
      merged_ids: [g],
      versions: await versions(e, g),
    });
    const mergeTwo = await call('POST', '/customers/merge', {
      survivor_id: a,
      merged_ids: [b],
      versions: await versions(a, b),
    });
    await call('POST', `/customers/merges/${merge.merge_id}/undo`);
    await call('POST', '/customers/bulk', { action: 'delete', ids: [f] });

    // To-dos: open and done, moved, completed and reopened, deleted; past, today and future.
    const now = Date.now();
    const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
    const todo = async (days: number, extra: object = {}) =>
      (await call('POST', '/events', { title: `T ${days}`, start_at: at(days), ...extra })).id as number;
    const t1 = await todo(-3);
    const t2 = await todo(0);
    const t3 = await todo(2, { end_at: at(2.1) });
    const t4 = await todo(20, { all_day: true });
    const t5 = await todo(-40, { customer_id: a });
    await call('POST', `/events/${t1}/done`);
    await call('POST', `/events/${t2}/done`);
    await call('DELETE', `/events/${t2}/done`);
    await call('PATCH', `/events/${t3}`, { start_at: at(-1), end_at: at(-0.9), version: 1 });
    await call('POST', `/events/${t4}/done`);
    await call('DELETE', `/events/${t4}`);
    await call('DELETE', `/events/${t5}`);
    await call('POST', '/events', { title: 'Weekly', start_at: at(1), recurrence: 'FREQ=WEEKLY;COUNT=5' });
    expect(mergeTwo.merge_id).toBeDefined();

    // Another company's changes land in its own counters.
    const eva = await t.login('eva@example.com');
    await t.call(eva, {
      method: 'POST',
      url: `/api/companies/${beta}/customers`,
      payload: { name: 'Beta one' },
    });

    const kept = await counters();
    expect(kept).toEqual(await fresh());
    expect(Object.keys(kept.customers).some((k) => k.startsWith(`${beta}/`))).toBe(true);
    expect(Object.keys(kept.events).length).toBeGreaterThan(0);
  });

  it('are rebuilt from the tables by the repair path', async () => {
    const db = t.ctx.db;
    await db.updateTable('customer_counts').set({ n: 999 }).where('company_id', '=', acme).execute();
    await db.deleteFrom('event_counts').where('company_id', '=', acme).execute();
    expect(await counters()).not.toEqual(await fresh());
    await recountCrmCounters(db);
    expect(await counters()).toEqual(await fresh());
  });
});
