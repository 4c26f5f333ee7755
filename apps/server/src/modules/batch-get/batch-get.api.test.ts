import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/**
 * Several GETs in one request (docs/decisions/116-first-answers-in-one-request.md): each answered
 * as its own request would be, with the caller's token, so no rule is skipped.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
});
afterAll(() => t.close());

const batch = (token: string | undefined, get: unknown) =>
  t.call(token, { method: 'POST', url: '/api/batch-get', payload: { get } });

type Answer = { status: number; body: { data?: unknown; code?: string } | null; retry_after: string | null };
const answersOf = (res: { json: () => { data: { answers: Answer[] } } }) => res.json().data.answers;

describe('POST /api/batch-get', () => {
  it('answers each address as its own GET, in order, with the caller’s access', async () => {
    const created = await t.call(c.ana.token, {
      method: 'POST',
      url: `/api/companies/${c.acme}/customers`,
      payload: { name: 'Batched Customer' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await batch(c.ana.token, [
      '/api/me',
      `/api/companies/${c.acme}/customers?limit=5`,
      `/api/companies/${c.beta}/customers?limit=5`,
      '/api/no-such-thing',
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [me, own, other, missing] = answersOf(res);
    expect(me?.status).toBe(200);
    expect(me?.body?.data).toMatchObject({ email: 'ana@example.com' });
    expect(own?.status).toBe(200);
    expect(JSON.stringify(own?.body)).toContain('Batched Customer');
    // Another company's data stays another company's.
    expect(other?.status).toBe(403);
    expect(JSON.stringify(other?.body)).not.toContain('Batched Customer');
    expect(missing?.status).toBe(404);
  });

  it('asks without a token what a signed-out visitor may read, and nothing more', async () => {
    const [config, me] = answersOf(await batch(undefined, ['/api/app-config', '/api/me']));
    expect(config?.status).toBe(200);
    expect(me?.status).toBe(401);
    expect(me?.body?.code).toBe('unauthenticated');
  });

  it('gives no answer that is not JSON, and reads it to its end', async () => {
    const [csv, me] = answersOf(
      await batch(c.ana.token, [`/api/companies/${c.acme}/customers/export.csv`, '/api/me']),
    );
    expect(csv?.status).toBe(406);
    expect(me?.status).toBe(200);
  });

  it('answers at once for the live socket’s address, which takes no plain GET', async () => {
    const [live] = answersOf(await batch(c.ana.token, ['/api/ws']));
    expect(live?.status).toBeGreaterThanOrEqual(400);
  });

  it('refuses what is not a GET of the API, itself, and more than 25 addresses', async () => {
    for (const [get, field] of [
      [['https://example.com/api/me'], 'get.0'],
      [['/health'], 'get.0'],
      [['/api/me', '/api/batch-get'], 'get.1'],
      [[], 'get'],
      [Array.from({ length: 26 }, () => '/api/me'), 'get'],
    ] as const) {
      const res = await batch(c.ana.token, get);
      expect(res.statusCode, JSON.stringify(get)).toBe(400);
      expect(Object.keys(res.json().details ?? {})).toContain(field);
    }
  });
});
