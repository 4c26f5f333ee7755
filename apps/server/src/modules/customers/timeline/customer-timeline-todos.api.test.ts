import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';

/** To-dos linked to a customer and status changes show in that customer's timeline. */
let t: TestApp;
let ana: string;
let eva: string;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company('Acme', [0, 1, 2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [0, 2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  eva = await t.login('eva@example.com');
});
afterAll(() => t.close());

const customers = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const events = (company: number, rest = '') => `/api/companies/${company}/events${rest}`;

async function newCustomer(token: string, company: number, name: string) {
  const res = await t.call(token, { method: 'POST', url: customers(company), payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number };
}

type Entry = { kind: string; body: string | null; author_name: string | null; changes: { field: string }[] };
async function timeline(token: string, company: number, id: number) {
  const res = await t.call(token, { method: 'GET', url: customers(company, `/${id}/timeline?limit=100`) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as Entry[]).reverse();
}

describe('to-dos in the customer timeline', () => {
  it('records create, complete, reopen and delete of a linked to-do, by person and by API key', async () => {
    const mine = await newCustomer(ana, acme, 'Timeline Customer');
    const theirs = await newCustomer(eva, beta, 'Their Customer');
    const created = await t.call(ana, {
      method: 'POST',
      url: events(acme),
      payload: { title: 'Call back', start_at: '2031-01-01T09:00:00Z', customer_id: mine.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const todo = created.json().data.id as number;
    expect((await t.call(ana, { method: 'POST', url: events(acme, `/${todo}/done`) })).statusCode).toBe(200);
    expect((await t.call(ana, { method: 'DELETE', url: events(acme, `/${todo}/done`) })).statusCode).toBe(
      200,
    );
    // Completing what is already open again changes nothing and writes nothing.
    expect((await t.call(ana, { method: 'DELETE', url: events(acme, `/${todo}/done`) })).statusCode).toBe(
      200,
    );

    const key = await t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/api-keys`,
      payload: { name: 'Zapier', scopes: { customers: 'read', events: 'write' } },
    });
    expect(key.statusCode, key.body).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: events(acme, `/${todo}`),
      headers: { authorization: `Bearer ${key.json().data.key}` },
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const entries = await timeline(ana, acme, mine.id);
    expect(entries.map((e) => [e.kind, e.body, e.author_name])).toEqual([
      ['created', null, expect.anything()],
      ['todo_created', 'Call back', expect.any(String)],
      ['todo_done', 'Call back', expect.any(String)],
      ['todo_reopened', 'Call back', expect.any(String)],
      ['todo_deleted', 'Call back', 'Zapier'],
    ]);
    // Another company's customer has none of it.
    expect((await timeline(eva, beta, theirs.id)).map((e) => e.kind)).toEqual(['created']);
    // …and cannot be linked to this company's to-do.
    const foreign = await t.call(ana, {
      method: 'POST',
      url: events(acme),
      payload: { title: 'Sneaky', start_at: '2031-01-01T09:00:00Z', customer_id: theirs.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await timeline(eva, beta, theirs.id)).map((e) => e.kind)).toEqual(['created']);
  });

  it('records completing one occurrence of a series, naming the occurrence', async () => {
    const c = await newCustomer(ana, acme, 'Series Customer');
    const created = await t.call(ana, {
      method: 'POST',
      url: events(acme),
      payload: {
        title: 'Daily check',
        start_at: '2031-01-05T08:00:00Z',
        recurrence: 'FREQ=DAILY;COUNT=5',
        customer_id: c.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const done = await t.call(ana, {
      method: 'POST',
      url: events(
        acme,
        `/${created.json().data.id}/done?occurrence=${encodeURIComponent('2031-01-06T08:00:00.000Z')}`,
      ),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await timeline(ana, acme, c.id)).at(-1)).toMatchObject({
      kind: 'todo_done',
      body: 'Daily check',
      changes: [{ field: 'occurrence_start', before: null, after: '2031-01-06T08:00:00.000Z' }],
    });
  });

  it('writes nothing for a to-do without a customer', async () => {
    const res = await t.call(ana, {
      method: 'POST',
      url: events(acme),
      payload: { title: 'Alone', start_at: '2031-01-01T09:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a status change is an `updated` entry carrying the status before and after', async () => {
    const c = await newCustomer(ana, acme, 'Status Customer');
    const res = await t.call(ana, {
      method: 'PATCH',
      url: customers(acme, `/${c.id}`),
      payload: { status: 'customer', version: c.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const last = (await timeline(ana, acme, c.id)).at(-1);
    expect(last).toMatchObject({
      kind: 'updated',
      changes: [{ field: 'status', before: 'lead', after: 'customer' }],
    });
  });
});
