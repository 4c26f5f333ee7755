import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';

let t: TestApp;
let ana: string;
let marko: string;
let root: string;
let anaId: number;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  const markoId = await t.user('marko@example.com');
  await t.user('root@example.com', { is_admin: true });
  acme = await t.company(
    'Acme',
    [2],
    [
      { userId: anaId, role: 'owner' },
      { userId: markoId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  marko = await t.login('marko@example.com');
  root = await t.login('root@example.com');
});
afterAll(() => t.close());

const customers = (company = acme) => `/api/companies/${company}/customers`;
const create = (token: string, key: string | undefined, payload: object, url = customers()) =>
  t.call(token, {
    method: 'POST',
    url,
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const countNamed = async (name: string) =>
  (
    await t.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('company_id', 'in', [acme, beta])
      .where('name', '=', name)
      .execute()
  ).length;

describe('Idempotency-Key on creates', () => {
  it('answers a retry with the first answer and creates one record', async () => {
    const first = await create(ana, 'k-1', { name: 'Once Only' });
    const again = await create(ana, 'k-1', { name: 'Once Only' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await countNamed('Once Only')).toBe(1);
  });

  it('refuses the same key with another body (422)', async () => {
    await create(ana, 'k-2', { name: 'First Body' });
    const res = await create(ana, 'k-2', { name: 'Second Body' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'idempotency_key_reused', message: expect.any(String) });
    expect(await countNamed('Second Body')).toBe(0);
  });

  it('keeps keys apart per person and per route', async () => {
    expect((await create(ana, 'k-3', { name: 'Shared Key' })).statusCode).toBe(201);
    expect((await create(marko, 'k-3', { name: 'Shared Key' })).statusCode).toBe(201);
    expect((await create(ana, 'k-3', { name: 'Shared Key' }, customers(beta))).statusCode).toBe(201);
    expect(await countNamed('Shared Key')).toBe(3);
  });

  it('answers 409 while the first request with the key is still running, and takes over an abandoned one', async () => {
    const body = { name: 'Busy' };
    // Another request holds the key: claimed by a request with this body, no answer yet.
    expect((await create(ana, 'k-4', body)).statusCode).toBe(201);
    const running = { response_status: null, response_body: null, created_at: new Date().toISOString() };
    await t.ctx.db
      .updateTable('idempotency_keys')
      .set(running)
      .where('owner_id', '=', anaId)
      .where('key', '=', 'k-4')
      .execute();
    const busy = await create(ana, 'k-4', body);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('idempotency_key_in_use');
    expect(await countNamed('Busy')).toBe(1);

    // The process holding it died: three minutes later a retry runs.
    const stale = new Date(Date.now() - 3 * 60_000).toISOString();
    await t.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: stale })
      .where('owner_id', '=', anaId)
      .where('key', '=', 'k-4')
      .execute();
    expect((await create(ana, 'k-4', body)).statusCode).toBe(201);
    expect(await countNamed('Busy')).toBe(2);
  });

  it('creates one record when two requests with the same key arrive together', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => create(ana, 'k-race', { name: 'Raced' })));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    for (const r of answers.filter((a) => a.statusCode !== 201))
      expect(r.json().code).toBe('idempotency_key_in_use');
    expect(await countNamed('Raced')).toBe(1);
  });

  it('forgets a key whose request failed, so that it can be used again', async () => {
    const refused = await create(ana, 'k-5', { name: 'Owned', owner_id: 999_999 });
    expect(refused.statusCode).toBe(400);
    const res = await create(ana, 'k-5', { name: 'Owned' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('creates as usual without the header, and refuses a key that is too long', async () => {
    expect((await create(ana, undefined, { name: 'Twice' })).statusCode).toBe(201);
    expect((await create(ana, undefined, { name: 'Twice' })).statusCode).toBe(201);
    expect(await countNamed('Twice')).toBe(2);
    const res = await create(ana, 'x'.repeat(256), { name: 'Long Key' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('idempotency-key');
  });

  it('works on the other creates: events, notes, invitations, admin companies and people', async () => {
    const cases: [string, string, object][] = [
      [ana, `/api/companies/${acme}/events`, { title: 'Call', start_at: '2026-03-02T09:00:00Z' }],
      [ana, `/api/companies/${acme}/invitations`, { email: 'new@example.com', role: 'member' }],
      [root, '/api/admin/companies', { name: 'Idem Co' }],
      [root, '/api/admin/users', { email: 'idem@example.com', full_name: 'Idem' }],
    ];
    for (const [token, url, payload] of cases) {
      const first = await create(token, 'k-6', payload, url);
      const again = await create(token, 'k-6', payload, url);
      expect(first.statusCode, `${url} ${first.body}`).toBe(201);
      expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([
        201,
        first.body,
        'true',
      ]);
    }
    const customer = (await create(ana, undefined, { name: 'Noted' })).json().data.id;
    const note = `${customers()}/${customer}/timeline`;
    const first = await create(ana, 'k-6', { body: 'Hello' }, note);
    expect((await create(ana, 'k-6', { body: 'Hello' }, note)).body).toBe(first.body);
    const notes = await t.ctx.db
      .selectFrom('customer_activities')
      .select('id')
      .where('company_id', '=', acme)
      .where('customer_id', '=', customer)
      .where('kind', '=', 'note')
      .execute();
    expect(notes).toHaveLength(1);
  });

  it('declares the header in the OpenAPI document of each create', async () => {
    const doc = (await t.call(undefined, { method: 'GET', url: '/api/openapi.json' })).json();
    const header = (path: string) =>
      (doc.paths[path]?.post?.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
    for (const path of [
      '/api/companies/{companyId}/customers',
      '/api/companies/{companyId}/customers/{id}/timeline',
      '/api/companies/{companyId}/events',
      '/api/companies/{companyId}/invitations',
      '/api/admin/companies',
      '/api/admin/companies/{id}/members',
      '/api/admin/users',
    ]) {
      expect(header(path), path).toBeDefined();
    }
    expect(header('/api/login')).toBeUndefined();
  });

  it('prunes keys older than 24 hours; an expired key counts as new', async () => {
    await create(ana, 'k-7', { name: 'Old Key' });
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: old })
      .where('key', '=', 'k-7')
      .execute();
    expect((await create(ana, 'k-7', { name: 'New Body' })).statusCode).toBe(201);

    await t.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: old })
      .where('key', '=', 'k-7')
      .execute();
    expect(await pruneIdempotencyKeys(t.ctx)).toBe(1);
    expect(
      await t.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'k-7').execute(),
    ).toEqual([]);
  });
});
