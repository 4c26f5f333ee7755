import { CustomerCreateBody, type CustomerCreateInput } from '@kontora/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { completeCustomer, newCustomerRow } from '../customer-dto.ts';
import { insertCustomers } from '../customers.repository.ts';

/** The customer list: search, filters, sorts and keyset pages. */

let t: TestApp;
let markoId: number;

beforeAll(async () => {
  t = await createTestApp();
  markoId = await t.user('marko@example.com');
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const get = (token: string, path: string) => t.call(token, { method: 'GET', url: path });

async function create(token: string, company: number, body: CustomerCreateInput) {
  const res = await t.call(token, { method: 'POST', url: url(company), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

describe('search and filters', () => {
  let company: number;
  let token: string;
  beforeAll(async () => {
    const ownerId = await t.user('sara@example.com');
    company = await t.company(
      'Search Co',
      [2],
      [
        { userId: ownerId, role: 'owner' },
        { userId: markoId, role: 'member' },
      ],
    );
    token = await t.login('sara@example.com');
    await create(token, company, {
      first_name: 'Ivana',
      last_name: 'Kovačević',
      email: 'ivana.k@posta.hr',
      phone: '091 234 5678',
      tags: ['vip'],
    });
    await create(token, company, {
      first_name: 'Ivan',
      last_name: 'Horvat',
      email: 'ih@firma.com',
      oib: '94577403194',
      status: 'customer',
      owner_id: markoId,
    });
    await create(token, company, {
      type: 'organisation',
      organisation_name: 'Đurđevac Drvo j.d.o.o.',
      phone: '+385 1 555 0000',
      status: 'customer',
      tags: ['vip', 'wood'],
    });
    await create(token, company, { name: 'Unrelated', email: 'someone@else.org', status: 'inactive' });
  });
  const names = async (query: string) => {
    const res = await get(token, url(company, `?limit=100&${query}`));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items.map((c: { name: string }) => c.name);
  };

  it('finds by the start of a name, without caring about diacritics or case', async () => {
    expect(await names('q=ivan')).toEqual(['Ivan Horvat', 'Ivana Kovačević']);
    expect(await names('q=kovacev')).toEqual(['Ivana Kovačević']);
    expect(await names('q=IVANA%20kov')).toEqual(['Ivana Kovačević']);
    expect(await names('q=durdevac')).toEqual(['Đurđevac Drvo j.d.o.o.']);
    expect(await names('q=nobody')).toEqual([]);
  });

  it('finds by email, phone (grouped or all digits) and OIB', async () => {
    expect(await names('q=ivana.k%40posta.hr')).toEqual(['Ivana Kovačević']);
    expect(await names('q=firma.com')).toEqual(['Ivan Horvat']);
    expect(await names('q=0912345678')).toEqual(['Ivana Kovačević']);
    expect(await names('q=091%20234')).toEqual(['Ivana Kovačević']);
    expect(await names('q=%2B385%201%20555')).toEqual(['Đurđevac Drvo j.d.o.o.']);
    expect(await names('q=94577403194')).toEqual(['Ivan Horvat']);
  });

  it('filters by status, owner and tag, alone and with search', async () => {
    expect(await names('status=customer')).toEqual(['Đurđevac Drvo j.d.o.o.', 'Ivan Horvat']);
    expect(await names(`owner_id=${markoId}`)).toEqual(['Ivan Horvat']);
    expect(await names('tag=VIP')).toEqual(['Đurđevac Drvo j.d.o.o.', 'Ivana Kovačević']);
    expect(await names('tag=vip&status=customer')).toEqual(['Đurđevac Drvo j.d.o.o.']);
    expect(await names('q=ivan&status=customer')).toEqual(['Ivan Horvat']);
    expect(await names('sort=name&dir=desc')).toEqual([
      'Unrelated',
      'Ivana Kovačević',
      'Ivan Horvat',
      'Đurđevac Drvo j.d.o.o.',
    ]);
  });

  it('refuses unknown filters and bad cursors with 400', async () => {
    expect((await get(token, url(company, '?status=vip'))).statusCode).toBe(400);
    expect((await get(token, url(company, '?sort=email'))).statusCode).toBe(400);
    expect((await get(token, url(company, '?limit=101'))).statusCode).toBe(400);
    const bad = await get(token, url(company, '?cursor=garbage'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ cursor: ['invalid_cursor'] });
    const page = (await get(token, url(company, '?limit=1'))).json().data;
    const otherSort = await get(token, url(company, `?limit=1&sort=created_at&cursor=${page.next_cursor}`));
    expect(otherSort.statusCode).toBe(400);
  });
});

describe('keyset pagination', () => {
  let company: number;
  let token: string;
  const at = '2026-01-15T10:00:00.000Z';
  beforeAll(async () => {
    const ownerId = await t.user('pager@example.com');
    company = await t.company('Pager', [2], [{ userId: ownerId, role: 'owner' }]);
    token = await t.login('pager@example.com');
    // 57 customers with the same name and the same timestamps: only the id breaks the ties.
    const rows = Array.from({ length: 57 }, () =>
      newCustomerRow(company, completeCustomer(CustomerCreateBody.parse({ name: 'Same Name' })), {
        userId: ownerId,
        at,
      }),
    );
    await insertCustomers(
      t.ctx.db,
      rows,
      rows.map(() => []),
    );
  });

  for (const sort of ['name', 'created_at', 'updated_at']) {
    for (const dir of ['asc', 'desc']) {
      it(`visits every row exactly once sorted by ${sort} ${dir}`, async () => {
        const seen: number[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
          const res = await get(token, url(company, `?limit=10&sort=${sort}&dir=${dir}${q}`));
          expect(res.statusCode, res.body).toBe(200);
          const page = res.json().data;
          seen.push(...page.items.map((c: { id: number }) => c.id));
          cursor = page.next_cursor;
          pages++;
        } while (cursor);
        expect(pages).toBe(6);
        expect(seen).toHaveLength(57);
        expect(new Set(seen).size).toBe(57);
        const sorted = [...seen].sort((a, b) => (dir === 'asc' ? a - b : b - a));
        expect(seen).toEqual(sorted);
      });
    }
  }
});

describe('search over many matches', () => {
  it('pages through a common word in order, each match once, also when it is rare within a filter', async () => {
    const ownerId = await t.user('dense@example.com');
    const company = await t.company('Dense', [2], [{ userId: ownerId, role: 'owner' }]);
    const token = await t.login('dense@example.com');
    const at = '2026-02-01T00:00:00.000Z';
    // 20,400 customers share a word: enough to take the common-word path on SQLite.
    const bodies = Array.from({ length: 20_400 }, (_, i) => ({
      name: `Common ${String(i % 700).padStart(3, '0')}`,
      status: i % 3 === 0 ? ('customer' as const) : ('lead' as const),
      tags: i % 700 === 699 && i < 2100 ? ['rare'] : [],
    }));
    bodies.push({ name: 'Other', status: 'customer', tags: ['rare'] });
    const fields = bodies.map((b) => completeCustomer(CustomerCreateBody.parse(b)));
    await insertCustomers(
      t.ctx.db,
      fields.map((f) => newCustomerRow(company, f, { userId: ownerId, at })),
      fields.map((f) => f.tags),
    );
    for (const [query, expected] of [
      ['q=common&status=customer&limit=100', 6800],
      ['q=comm&tag=rare&sort=updated_at&dir=desc&limit=2', 3],
    ] as const) {
      const seen: number[] = [];
      const names: string[] = [];
      let cursor: string | null = null;
      do {
        const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const res = await get(token, url(company, `?${query}${q}`));
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json().data;
        seen.push(...page.items.map((c: { id: number }) => c.id));
        names.push(...page.items.map((c: { name: string }) => c.name));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toHaveLength(expected);
      expect(new Set(seen).size).toBe(expected);
      expect(names.every((n) => n.startsWith('Common'))).toBe(true);
      if (query.includes('status')) expect(names).toEqual([...names].sort());
    }
    const first = (await get(token, url(company, '?q=common&limit=3&dir=desc'))).json().data.items;
    expect(first.map((c: { name: string }) => c.name)).toEqual(['Common 699', 'Common 699', 'Common 699']);
  });
});

describe('Cache-Control: no-cache', () => {
  let ana: string;
  let acme: number;
  beforeAll(async () => {
    const anaId = await t.user('ana.nocache@example.com');
    acme = await t.company('No-cache Co', [2], [{ userId: anaId, role: 'owner' }]);
    ana = await t.login('ana.nocache@example.com');
  });

  async function names(query: string, headers: Record<string, string> = {}): Promise<string[]> {
    const res = await t.call(ana, {
      method: 'GET',
      url: `/api/companies/${acme}/customers${query}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { name: string }[]).map((c) => c.name);
  }

  // The list answer is kept until a customer changes (evicted by the repositories); a request
  // saying `Cache-Control: no-cache` (RFC 9111) gets it computed.
  it('computes the answer anew, and keeps it for the requests after', async () => {
    for (const query of ['?limit=25', '?limit=25&q=horvat&sort=name']) {
      expect(await names(query)).toEqual([]);
    }
    // Written directly, past the repositories that evict the cached answers.
    const row = newCustomerRow(acme, completeCustomer(CustomerCreateBody.parse({ name: 'Horvat d.o.o.' })), {
      userId: null,
      at: new Date().toISOString(),
    });
    await t.ctx.db.insertInto('customers').values(row).execute();

    for (const query of ['?limit=25', '?limit=25&q=horvat&sort=name']) {
      expect(await names(query)).toEqual([]);
      expect(await names(query, { 'cache-control': 'no-cache' })).toEqual(['Horvat d.o.o.']);
      // The fresh answer replaced the kept one.
      expect(await names(query)).toEqual(['Horvat d.o.o.']);
    }
    // Other directives alone leave the cache in use; `Pragma: no-cache` counts without Cache-Control.
    await t.ctx.db.deleteFrom('customers').where('company_id', '=', acme).execute();
    expect(await names('?limit=25', { 'cache-control': 'max-age=60' })).toEqual(['Horvat d.o.o.']);
    expect(await names('?limit=25', { 'cache-control': 'max-age=0, No-Cache' })).toEqual([]);
    await t.ctx.db.insertInto('customers').values(row).execute();
    expect(await names('?limit=25', { pragma: 'no-cache' })).toEqual(['Horvat d.o.o.']);
  });
});
