import type { EventCreateInput } from '@kontora/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let ana: string;
let marko: string;
let eva: string;
let anaId: number;
let markoId: number;
let evaId: number;
let acme: number;
let beta: number;
let acmeCustomer: number;
let betaCustomer: number;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  markoId = await t.user('marko@example.com');
  evaId = await t.user('eva@example.com');
  acme = await t.company(
    'Acme',
    [2],
    [
      { userId: anaId, role: 'owner' },
      { userId: markoId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  marko = await t.login('marko@example.com');
  eva = await t.login('eva@example.com');
  const customer = async (token: string, company: number, name: string) =>
    (
      await t.call(token, { method: 'POST', url: `/api/companies/${company}/customers`, payload: { name } })
    ).json().data.id as number;
  acmeCustomer = await customer(ana, acme, 'Acme Customer');
  betaCustomer = await customer(eva, beta, 'Beta Customer');
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/events${rest}`;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function create(token: string, company: number, body: EventCreateInput) {
  const res = await t.call(token, { method: 'POST', url: url(company), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number } & Record<string, unknown>;
}

async function list(token: string, company: number, query: string) {
  const res = await t.call(token, { method: 'GET', url: url(company, `?limit=1000&${query}`) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items.map((e: { title: string }) => e.title) as string[];
}

describe('create and validation', () => {
  it('creates an event with defaults, normalising times to UTC', async () => {
    const e = await create(ana, acme, {
      title: ' Call Ivana ',
      start_at: '2030-05-10T10:00:00+02:00',
      end_at: '2030-05-10T10:30:00+02:00',
      assignee_id: markoId,
      customer_id: acmeCustomer,
      reminder_minutes: 15,
    });
    expect(e).toMatchObject({
      title: 'Call Ivana',
      type: 'task',
      priority: 'normal',
      start_at: '2030-05-10T08:00:00.000Z',
      end_at: '2030-05-10T08:30:00.000Z',
      all_day: false,
      done: false,
      completed_at: null,
      assignee_id: markoId,
      assignee_name: 'marko',
      customer_id: acmeCustomer,
      customer_name: 'Acme Customer',
      reminder_minutes: 15,
      version: 1,
      created_by: anaId,
    });
    expect((await t.call(marko, { method: 'GET', url: url(acme, `/${e.id}`) })).json().data).toEqual(e);
  });

  it('refuses an end before the start, bad times and unknown values', async () => {
    const res = await t.call(ana, {
      method: 'POST',
      url: url(acme),
      payload: { title: 'x', start_at: '2030-01-02T10:00:00Z', end_at: '2030-01-02T09:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ end_at: ['end_before_start'] });
    const bad = await t.call(ana, {
      method: 'POST',
      url: url(acme),
      payload: { title: '', start_at: 'tomorrow', type: 'party', priority: 'meh' },
    });
    expect(bad.json().details).toMatchObject({
      title: ['required'],
      start_at: ['invalid_datetime'],
      type: ['invalid_type'],
      priority: ['invalid_priority'],
    });
  });

  it('requires the assignee to be a member and the customer to be of this company', async () => {
    const res = await t.call(ana, {
      method: 'POST',
      url: url(acme),
      payload: {
        title: 'x',
        start_at: '2030-01-01T10:00:00Z',
        assignee_id: evaId,
        customer_id: betaCustomer,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ assignee_id: ['not_member'], customer_id: ['not_found'] });
  });
});

describe('company scoping and access', () => {
  it("answers 404 for another company's event on read, update, done and delete", async () => {
    const theirs = await create(eva, beta, { title: 'Beta secret', start_at: '2030-01-01T10:00:00Z' });
    const path = url(acme, `/${theirs.id}`);
    expect((await t.call(ana, { method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.call(ana, { method: 'PATCH', url: path, payload: { title: 'Hacked' } })).statusCode).toBe(
      404,
    );
    expect((await t.call(ana, { method: 'POST', url: `${path}/done` })).statusCode).toBe(404);
    expect((await t.call(ana, { method: 'DELETE', url: `${path}/done` })).statusCode).toBe(404);
    expect((await t.call(ana, { method: 'DELETE', url: path })).statusCode).toBe(404);
    expect(await list(ana, acme, '')).not.toContain('Beta secret');
    const still = (await t.call(eva, { method: 'GET', url: url(beta, `/${theirs.id}`) })).json().data;
    expect(still).toMatchObject({ title: 'Beta secret', done: false, version: 1 });
  });

  it('refuses non-members and companies without the CRM module with 403', async () => {
    expect((await t.call(eva, { method: 'GET', url: url(acme) })).json().code).toBe('not_member');
    const noCrm = await t.company('No CRM', [0], [{ userId: anaId, role: 'owner' }]);
    expect((await t.call(ana, { method: 'GET', url: url(noCrm) })).json().code).toBe('module_disabled');
  });
});

describe('range and filters', () => {
  let company: number;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    userId = await t.user('rita@example.com');
    company = await t.company(
      'Calendar Co',
      [2],
      [
        { userId, role: 'owner' },
        { userId: markoId, role: 'member' },
      ],
    );
    token = await t.login('rita@example.com');
    await create(token, company, {
      title: 'Jan 1 morning',
      start_at: '2030-01-01T10:00:00Z',
      end_at: '2030-01-01T11:00:00Z',
    });
    await create(token, company, {
      title: 'Ends at midnight',
      start_at: '2030-01-01T22:00:00Z',
      end_at: '2030-01-02T00:00:00Z',
    });
    await create(token, company, {
      title: 'Across midnight',
      start_at: '2030-01-01T23:00:00Z',
      end_at: '2030-01-02T01:00:00Z',
    });
    await create(token, company, { title: 'All day Jan 2', start_at: '2030-01-02T00:00:00Z', all_day: true });
    await create(token, company, { title: 'Due Jan 2 09:00', start_at: '2030-01-02T09:00:00Z' });
    await create(token, company, { title: 'Due Jan 3 00:00', start_at: '2030-01-03T00:00:00Z' });
  });

  it('lists events overlapping [from, to) in start order; the end is exclusive', async () => {
    expect(await list(token, company, 'from=2030-01-02T00:00:00Z&to=2030-01-03T00:00:00Z')).toEqual([
      'Across midnight',
      'All day Jan 2',
      'Due Jan 2 09:00',
    ]);
    expect(await list(token, company, 'from=2030-01-01T00:00:00.000Z&to=2030-01-01T12:00:00.000Z')).toEqual([
      'Jan 1 morning',
    ]);
    expect(await list(token, company, 'from=2030-01-03T00:00:00Z')).toEqual(['Due Jan 3 00:00']);
    expect(await list(token, company, 'to=2030-01-01T22:30:00Z&dir=desc')).toEqual([
      'Ends at midnight',
      'Jan 1 morning',
    ]);
    expect(
      (
        await t.call(token, {
          method: 'GET',
          url: url(company, '?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z'),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('finds events longer than a week in any range they overlap, in start order with the others', async () => {
    await create(token, company, {
      title: 'Long project',
      start_at: '2029-12-01T00:00:00Z',
      end_at: '2030-02-01T00:00:00Z',
    });
    expect(await list(token, company, 'from=2030-01-02T00:00:00Z&to=2030-01-03T00:00:00Z')).toEqual([
      'Long project',
      'Across midnight',
      'All day Jan 2',
      'Due Jan 2 09:00',
    ]);
    expect(await list(token, company, 'from=2030-01-20T00:00:00Z&to=2030-01-21T00:00:00Z')).toEqual([
      'Long project',
    ]);
    expect(await list(token, company, 'from=2030-02-01T00:00:00Z&to=2030-02-02T00:00:00Z')).toEqual([]);
    const page = (
      await t.call(token, { method: 'GET', url: url(company, '?from=2030-01-01T00:00:00Z&limit=2') })
    ).json().data;
    expect(page.items.map((e: { title: string }) => e.title)).toEqual(['Long project', 'Jan 1 morning']);
    const next = (
      await t.call(token, {
        method: 'GET',
        url: url(company, `?from=2030-01-01T00:00:00Z&limit=2&cursor=${page.next_cursor}`),
      })
    ).json().data;
    expect(next.items.map((e: { title: string }) => e.title)).toEqual([
      'Ends at midnight',
      'Across midnight',
    ]);
  });

  it('filters mine, today, overdue, upcoming, open, done and by customer', async () => {
    const now = Date.now();
    const c = await create(token, company, {
      title: 'Overdue call',
      start_at: iso(now - 3 * HOUR),
      end_at: iso(now - 2 * HOUR),
      type: 'call',
    });
    await create(token, company, {
      title: 'Mine now',
      start_at: iso(now - 60_000),
      end_at: iso(now + HOUR),
      assignee_id: userId,
    });
    await create(token, company, {
      title: 'Marko tomorrow+',
      start_at: iso(now + 48 * HOUR),
      assignee_id: markoId,
    });
    const done = await create(token, company, { title: 'Done already', start_at: iso(now - 30 * 24 * HOUR) });
    await t.call(token, { method: 'POST', url: url(company, `/${done.id}/done`) });
    const customerId = (
      await t.call(token, {
        method: 'POST',
        url: `/api/companies/${company}/customers`,
        payload: { name: 'Client' },
      })
    ).json().data.id;
    await create(token, company, {
      title: 'For client',
      start_at: '2031-01-01T10:00:00Z',
      customer_id: customerId,
    });

    expect(await list(token, company, 'filter=mine')).toEqual(['Mine now']);
    expect(await list(marko, company, 'filter=mine')).toEqual(['Marko tomorrow+']);
    expect(await list(token, company, 'filter=today')).toContain('Mine now');
    expect(await list(token, company, 'filter=today')).not.toContain('Marko tomorrow+');
    const overdue = await list(token, company, 'filter=overdue');
    expect(overdue).toEqual(['Overdue call']);
    const upcoming = await list(token, company, 'filter=upcoming');
    expect(upcoming).toContain('Mine now');
    expect(upcoming).toContain('Marko tomorrow+');
    expect(upcoming).not.toContain('Overdue call');
    expect(await list(token, company, 'filter=done')).toEqual(['Done already']);
    expect(await list(token, company, 'filter=open')).not.toContain('Done already');
    expect(await list(token, company, 'filter=mine,upcoming')).toEqual(['Mine now']);
    expect(await list(token, company, 'filter=done&filter=overdue')).toEqual([]);
    expect(await list(token, company, `customer_id=${customerId}`)).toEqual(['For client']);
    // Another company's customer simply matches nothing here.
    expect(await list(token, company, `customer_id=${betaCustomer}`)).toEqual([]);
    expect((await t.call(token, { method: 'GET', url: url(company, '?filter=someday') })).statusCode).toBe(
      400,
    );
    expect(c.type).toBe('call');
  });
});

describe('update, move, done, delete', () => {
  it('moves and resizes, and the range follows', async () => {
    const e = await create(ana, acme, {
      title: 'Movable',
      start_at: '2032-03-01T09:00:00Z',
      end_at: '2032-03-01T10:00:00Z',
    });
    const moved = await t.call(ana, {
      method: 'PATCH',
      url: url(acme, `/${e.id}`),
      payload: {
        start_at: '2032-03-04T00:00:00Z',
        end_at: '2032-03-06T00:00:00Z',
        all_day: true,
        version: 1,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      start_at: '2032-03-04T00:00:00.000Z',
      end_at: '2032-03-06T00:00:00.000Z',
      all_day: true,
      version: 2,
    });
    expect(await list(ana, acme, 'from=2032-03-01T00:00:00Z&to=2032-03-02T00:00:00Z')).not.toContain(
      'Movable',
    );
    expect(await list(ana, acme, 'from=2032-03-05T00:00:00Z&to=2032-03-05T01:00:00Z')).toContain('Movable');
    const stale = await t.call(marko, {
      method: 'PATCH',
      url: url(acme, `/${e.id}`),
      payload: { title: 'x', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_update');
    const backwards = await t.call(ana, {
      method: 'PATCH',
      url: url(acme, `/${e.id}`),
      payload: { start_at: '2032-03-07T00:00:00Z' },
    });
    expect(backwards.json().details).toEqual({ end_at: ['end_before_start'] });
    const badAssignee = await t.call(ana, {
      method: 'PATCH',
      url: url(acme, `/${e.id}`),
      payload: { assignee_id: evaId },
    });
    expect(badAssignee.json().details).toEqual({ assignee_id: ['not_member'] });
  });

  it('marks done and undone; a done event leaves the open list', async () => {
    const e = await create(ana, acme, { title: 'Finish me', start_at: iso(Date.now() - HOUR) });
    const done = await t.call(marko, { method: 'POST', url: url(acme, `/${e.id}/done`) });
    expect(done.json().data).toMatchObject({ done: true, completed_at: expect.any(String) });
    expect(await list(ana, acme, 'filter=open')).not.toContain('Finish me');
    expect(await list(ana, acme, 'filter=done')).toContain('Finish me');
    const again = await t.call(marko, { method: 'POST', url: url(acme, `/${e.id}/done`) });
    expect(again.json().data.version).toBe(done.json().data.version);
    const undone = await t.call(ana, { method: 'DELETE', url: url(acme, `/${e.id}/done`) });
    expect(undone.json().data).toMatchObject({ done: false, completed_at: null });
    expect(await list(ana, acme, 'filter=overdue')).toContain('Finish me');
  });

  it('deletes with 204 and keeps an event whose customer is deleted', async () => {
    const e = await create(ana, acme, { title: 'Temporary', start_at: '2030-01-01T00:00:00Z' });
    expect((await t.call(ana, { method: 'DELETE', url: url(acme, `/${e.id}`) })).statusCode).toBe(204);
    expect((await t.call(ana, { method: 'GET', url: url(acme, `/${e.id}`) })).statusCode).toBe(404);
    const customerId = (
      await t.call(ana, {
        method: 'POST',
        url: `/api/companies/${acme}/customers`,
        payload: { name: 'Leaving' },
      })
    ).json().data.id;
    const kept = await create(ana, acme, {
      title: 'Kept',
      start_at: '2030-01-01T00:00:00Z',
      customer_id: customerId,
    });
    await t.call(ana, { method: 'DELETE', url: `/api/companies/${acme}/customers/${customerId}` });
    const after = (await t.call(ana, { method: 'GET', url: url(acme, `/${kept.id}`) })).json().data;
    expect(after).toMatchObject({ title: 'Kept', customer_id: null, customer_name: null });
  });

  it('pages by cursor, each event once, in both directions', async () => {
    const company = await t.company('Pages', [2], [{ userId: anaId, role: 'owner' }]);
    for (let i = 0; i < 23; i++)
      await create(ana, company, { title: `E${i}`, start_at: '2030-06-01T08:00:00Z' });
    for (const dir of ['asc', 'desc']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const q: string = cursor ? `&cursor=${cursor}` : '';
        const page = (
          await t.call(ana, { method: 'GET', url: url(company, `?limit=10&dir=${dir}${q}`) })
        ).json().data;
        seen.push(...page.items.map((e: { id: number }) => e.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(23);
      expect(seen).toHaveLength(23);
    }
  });
});
