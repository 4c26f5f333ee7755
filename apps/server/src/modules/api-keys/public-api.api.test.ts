import type { ApiKeyScopes } from '@kontora/contract/api-keys';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireApiKey } from '../../test-support/api-keys.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';

/**
 * The public API: which key may call which route. Each row runs once per key,
 * on fresh records. Keys: none of the row's resource, read, write; a key of
 * another company (404, as a session of another company); an expired key (401).
 */

let t: TestApp;
let owner: string;
let root: string;
let acme: number;
let beta: number;
let noCrm: number;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = await t.user('ana@public.test');
  await t.user('root@public.test', { is_admin: true });
  acme = await t.company('Acme', [0, 1, 2], [{ userId: ownerId, role: 'owner' }]);
  beta = await t.company('Beta', [0, 1, 2], [{ userId: ownerId, role: 'owner' }]);
  noCrm = await t.company('NoCrm', [0, 1], [{ userId: ownerId, role: 'owner' }]);
  owner = await t.login('ana@public.test');
  root = await t.login('root@public.test');
});
afterAll(() => t.close());

let seq = 0;
async function newKey(company: number, scopes: ApiKeyScopes, extra: Record<string, unknown> = {}) {
  const res = await t.call(owner, {
    method: 'POST',
    url: `/api/companies/${company}/api-keys`,
    payload: { name: `Key ${++seq}`, scopes, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; key: string; name: string };
}

const customers = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const events = (company: number, rest = '') => `/api/companies/${company}/events${rest}`;

async function freshCustomer(company = acme) {
  const res = await t.call(owner, {
    method: 'POST',
    url: customers(company),
    payload: { name: `C ${++seq}` },
  });
  return res.json().data as { id: number; version: number };
}
async function freshEvent(company = acme) {
  const res = await t.call(owner, {
    method: 'POST',
    url: events(company),
    payload: { title: `E ${++seq}`, start_at: '2030-01-01T10:00:00Z' },
  });
  return res.json().data as { id: number; version: number };
}

type Resource = 'customers' | 'events';
interface Row {
  name: string;
  resource: Resource;
  need: 'read' | 'write';
  ok: number;
  /** The request, against a company, built on fresh records of that company. */
  request: (company: number) => Promise<InjectOptions>;
}

const ROWS: Row[] = [
  {
    name: 'list customers',
    resource: 'customers',
    need: 'read',
    ok: 200,
    request: async (c) => ({ method: 'GET', url: customers(c) }),
  },
  {
    name: 'one customer',
    resource: 'customers',
    need: 'read',
    ok: 200,
    request: async (c) => ({ method: 'GET', url: customers(c, `/${(await freshCustomer(c)).id}`) }),
  },
  {
    name: 'customer timeline',
    resource: 'customers',
    need: 'read',
    ok: 200,
    request: async (c) => ({ method: 'GET', url: customers(c, `/${(await freshCustomer(c)).id}/timeline`) }),
  },
  {
    name: 'export CSV',
    resource: 'customers',
    need: 'read',
    ok: 200,
    request: async (c) => ({ method: 'GET', url: customers(c, '/export.csv?tags=vip') }),
  },
  {
    name: 'create customer',
    resource: 'customers',
    need: 'write',
    ok: 201,
    request: async (c) => ({ method: 'POST', url: customers(c), payload: { name: 'By key', tags: ['api'] } }),
  },
  {
    name: 'update customer',
    resource: 'customers',
    need: 'write',
    ok: 200,
    request: async (c) => {
      const x = await freshCustomer(c);
      return { method: 'PATCH', url: customers(c, `/${x.id}`), payload: { version: x.version, notes: 'n' } };
    },
  },
  {
    name: 'add note',
    resource: 'customers',
    need: 'write',
    ok: 201,
    request: async (c) => ({
      method: 'POST',
      url: customers(c, `/${(await freshCustomer(c)).id}/timeline`),
      payload: { body: 'hi' },
    }),
  },
  {
    name: 'delete customer',
    resource: 'customers',
    need: 'write',
    ok: 204,
    request: async (c) => ({ method: 'DELETE', url: customers(c, `/${(await freshCustomer(c)).id}`) }),
  },
  {
    name: 'bulk status',
    resource: 'customers',
    need: 'write',
    ok: 200,
    request: async (c) => ({
      method: 'POST',
      url: customers(c, '/bulk'),
      payload: { action: 'set_status', status: 'customer', ids: [(await freshCustomer(c)).id] },
    }),
  },
  {
    name: 'import CSV',
    resource: 'customers',
    need: 'write',
    ok: 200,
    request: async (c) => ({
      method: 'POST',
      url: customers(c, '/import'),
      payload: 'name\nImported\n',
      headers: { 'content-type': 'text/csv' },
    }),
  },
  {
    name: 'list events',
    resource: 'events',
    need: 'read',
    ok: 200,
    request: async (c) => ({ method: 'GET', url: events(c) }),
  },
  {
    name: 'one event',
    resource: 'events',
    need: 'read',
    ok: 200,
    request: async (c) => ({ method: 'GET', url: events(c, `/${(await freshEvent(c)).id}`) }),
  },
  {
    name: 'create event',
    resource: 'events',
    need: 'write',
    ok: 201,
    request: async (c) => ({
      method: 'POST',
      url: events(c),
      payload: { title: 'By key', start_at: '2030-02-01T09:00:00Z' },
    }),
  },
  {
    name: 'update event',
    resource: 'events',
    need: 'write',
    ok: 200,
    request: async (c) => ({
      method: 'PATCH',
      url: events(c, `/${(await freshEvent(c)).id}`),
      payload: { title: 'Moved' },
    }),
  },
  {
    name: 'mark event done',
    resource: 'events',
    need: 'write',
    ok: 200,
    request: async (c) => ({ method: 'POST', url: events(c, `/${(await freshEvent(c)).id}/done`) }),
  },
  {
    name: 'delete event',
    resource: 'events',
    need: 'write',
    ok: 204,
    request: async (c) => ({ method: 'DELETE', url: events(c, `/${(await freshEvent(c)).id}`) }),
  },
];

const KINDS = ['none', 'read', 'write', 'other company', 'expired'] as const;
type Kind = (typeof KINDS)[number];
const keys = {} as Record<Resource, Record<Kind, string>>;

beforeAll(async () => {
  for (const resource of ['customers', 'events'] as const) {
    const other: Resource = resource === 'customers' ? 'events' : 'customers';
    const expired = await newKey(acme, { [resource]: 'write' });
    await expireApiKey(t.ctx.db, acme, expired.id);
    keys[resource] = {
      none: (await newKey(acme, { [other]: 'write', webhooks: 'write' })).key,
      read: (await newKey(acme, { [resource]: 'read' })).key,
      write: (await newKey(acme, { [resource]: 'write' })).key,
      'other company': (await newKey(beta, { customers: 'write', events: 'write' })).key,
      expired: expired.key,
    };
  }
});

function expected(row: Row, kind: Kind): { status: number; code?: string } {
  switch (kind) {
    case 'write':
      return { status: row.ok };
    case 'read':
      return row.need === 'read' ? { status: row.ok } : { status: 403, code: 'insufficient_scope' };
    case 'none':
      return { status: 403, code: 'insufficient_scope' };
    case 'other company':
      return { status: 404, code: 'not_found' };
    case 'expired':
      return { status: 401, code: 'invalid_api_key' };
  }
}

describe('public API: scope × route × company × expiry', () => {
  const table: string[] = [];
  for (const row of ROWS) {
    it(row.name, async () => {
      const got: string[] = [];
      for (const kind of KINDS) {
        const want = expected(row, kind);
        const res = await t.call(keys[row.resource][kind], await row.request(acme));
        expect(res.statusCode, `${row.name} with ${kind} key: ${res.body}`).toBe(want.status);
        if (want.code) expect(res.json().code).toBe(want.code);
        if (want.code === 'insufficient_scope') {
          expect(res.json().details).toEqual({ scope: [`${row.resource}:${row.need}`] });
        }
        got.push(String(res.statusCode));
      }
      table.push(`| ${row.name} | ${row.resource}:${row.need} | ${got.join(' | ')} |`);
    });
  }
  afterAll(() => {
    if (table.length === ROWS.length) {
      console.info(
        ['| route | scope | none | read | write | other company | expired |', ...table].join('\n'),
      );
    }
  });
});

describe('routes that never take a key', () => {
  it('refuses keys on /api/me, the team, the company list, stats and the key routes themselves', async () => {
    const { key } = await newKey(acme, { customers: 'write', events: 'write', webhooks: 'write' });
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/api/me' },
      { method: 'GET', url: '/api/me/companies' },
      { method: 'GET', url: `/api/companies/${acme}` },
      { method: 'GET', url: `/api/companies/${acme}/members` },
      { method: 'GET', url: `/api/companies/${acme}/crm/stats` },
      { method: 'GET', url: `/api/companies/${acme}/api-keys` },
      {
        method: 'POST',
        url: `/api/companies/${acme}/api-keys`,
        payload: { name: 'x', scopes: { customers: 'read' } },
      },
      { method: 'GET', url: '/api/admin/companies' },
    ];
    for (const request of requests) {
      const res = await t.call(key, request);
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('api_key_not_allowed');
    }
  });

  it('refuses a made-up key with a bad checksum as invalid without looking it up', async () => {
    const res = await t.call(`kon_${'a'.repeat(36)}`, { method: 'GET', url: customers(acme) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_api_key');
  });
});

describe('modules', () => {
  it('answers 403 module_disabled when the route module or module 1 is off', async () => {
    const { key } = await newKey(noCrm, { customers: 'write' });
    const off = await t.call(key, { method: 'GET', url: customers(noCrm) });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('module_disabled');

    const { key: acmeKey } = await newKey(beta, { customers: 'read' });
    const set = (modules: number[]) =>
      t.call(root, { method: 'PUT', url: `/api/admin/companies/${beta}/modules`, payload: { modules } });
    expect((await set([0, 2])).statusCode).toBe(200);
    const integrationOff = await t.call(acmeKey, { method: 'GET', url: customers(beta) });
    expect(integrationOff.statusCode).toBe(403);
    expect(integrationOff.json().code).toBe('module_disabled');
    expect((await set([0, 1, 2])).statusCode).toBe(200);
    expect((await t.call(acmeKey, { method: 'GET', url: customers(beta) })).statusCode).toBe(200);
  });
});

describe('rate limit per key', () => {
  it('sends RateLimit headers on every answer and 429 with Retry-After past the limit', async () => {
    const { key } = await newKey(acme, { customers: 'read' }, { rate_limit: 3 });
    for (const remaining of [2, 1, 0]) {
      const res = await t.call(key, { method: 'GET', url: customers(acme) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(remaining));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const refused = await t.call(key, { method: 'GET', url: customers(acme) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Another key of the same company has its own budget.
    const { key: other } = await newKey(acme, { customers: 'read' });
    const fine = await t.call(other, { method: 'GET', url: customers(acme) });
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['ratelimit-limit']).toBe('600');
  });

  it('admits exactly the limit of requests arriving at once', async () => {
    const { key } = await newKey(acme, { customers: 'read' }, { rate_limit: 20 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.call(key, { method: 'GET', url: customers(acme) })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.headers['ratelimit-remaining']).toBe('0');
    }
    const remaining = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => Number(a.headers['ratelimit-remaining']));
    expect(remaining.sort((x, y) => y - x)).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
  });

  it('starts a new window a minute after the first request', async () => {
    const { key } = await newKey(acme, { customers: 'read' }, { rate_limit: 2 });
    const realNow = t.ctx.clock.now;
    try {
      for (let i = 0; i < 2; i++) {
        expect((await t.call(key, { method: 'GET', url: customers(acme) })).statusCode).toBe(200);
      }
      const refused = await t.call(key, { method: 'GET', url: customers(acme) });
      expect(refused.statusCode).toBe(429);
      const t0 = realNow();
      t.ctx.clock.now = () => t0 + 61_000;
      const again = await t.call(key, { method: 'GET', url: customers(acme) });
      expect(again.statusCode).toBe(200);
      expect(again.headers['ratelimit-remaining']).toBe('1');
      expect(again.headers['ratelimit-reset']).toBe('60');
    } finally {
      t.ctx.clock.now = realNow;
    }
  });

  it('puts the headers on refused answers too (403 scope)', async () => {
    const { key } = await newKey(acme, { events: 'read' });
    const res = await t.call(key, { method: 'GET', url: customers(acme) });
    expect(res.statusCode).toBe(403);
    expect(res.headers['ratelimit-limit']).toBe('600');
  });
});

describe('the key as actor', () => {
  it('names the key in the timeline, the change feed and the audit log', async () => {
    const { key, id, name } = await newKey(acme, { customers: 'write' });
    const created = await t.call(key, {
      method: 'POST',
      url: customers(acme),
      payload: { name: 'From the shop' },
    });
    expect(created.statusCode).toBe(201);
    const customerId = created.json().data.id as number;
    const note = await t.call(key, {
      method: 'POST',
      url: customers(acme, `/${customerId}/timeline`),
      payload: { body: 'Synced' },
    });
    expect(note.json().data).toMatchObject({ author_id: null, author_name: name, author_kind: 'api_key' });
    const timeline = await t.call(owner, { method: 'GET', url: customers(acme, `/${customerId}/timeline`) });
    const kinds = timeline
      .json()
      .data.items.map((i: { kind: string; author_name: string }) => [i.kind, i.author_name]);
    expect(kinds).toEqual([
      ['note', name],
      ['created', name],
    ]);

    const feed = (await readChanges(t.ctx, acme, 0, 1000)).filter((c) => c.entity.id === customerId);
    expect(feed.map((c) => c.type)).toEqual(['customer.created', 'customer.note_added']);
    for (const entry of feed) expect(entry.actor).toEqual({ kind: 'api_key', id, name });

    expect((await t.call(key, { method: 'DELETE', url: customers(acme, `/${customerId}`) })).statusCode).toBe(
      204,
    );
    const audit = await t.call(root, {
      method: 'GET',
      url: `/api/admin/audit?entity=customer&entity_id=${customerId}`,
    });
    expect(audit.json().data.items[0]).toMatchObject({
      action: 'customer.delete',
      actor_id: null,
      actor_kind: 'api_key',
      actor_key_id: id,
      actor_name: name,
    });
  });

  it('keeps Idempotency-Key answers per key', async () => {
    const { key } = await newKey(acme, { customers: 'write' });
    const send = () =>
      t.call(key, {
        method: 'POST',
        url: customers(acme),
        payload: { name: 'Once' },
        headers: { 'idempotency-key': 'order-17' },
      });
    const first = await send();
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
  });

  it("filters 'mine' to nothing for a key (it is nobody)", async () => {
    const { key } = await newKey(acme, { events: 'read' });
    const res = await t.call(key, { method: 'GET', url: events(acme, '?filter=mine') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([]);
  });
});
