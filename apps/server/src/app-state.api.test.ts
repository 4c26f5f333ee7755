import { CustomerCreateBody } from '@kontora/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './lib/tokens.ts';
import { createCustomer } from './modules/customers/customers.service.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';

/**
 * Two apps built in one process (as the API suite builds one per file, and a bench builds
 * its own) share no cached answer: each holds its caches on its context
 * (docs/decisions/048-state-on-the-app.md). Their databases are both fresh, so the same
 * person has the same id in each, the case a process-wide cache would mix up.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp();
  expect(await a.user('ana@example.com')).toBe(await b.user('ana@example.com'));
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const me = (t: TestApp, token: string) => t.call(token, { method: 'GET', url: '/api/me' });

describe('two apps in one process', () => {
  it('a session cached by one app is not seen by the other', async () => {
    const token = await a.login('ana@example.com');
    expect((await me(a, token)).statusCode).toBe(200);
    // The other app's database has no such session: it must say so, not answer from a cache.
    expect((await me(b, token)).statusCode).toBe(401);
    expect(a.ctx.caches.sessions.get(hashToken(token))).toBeDefined();
    expect(b.ctx.caches.sessions.size).toBe(0);
  });

  it("an eviction in one app leaves the other app's entries", async () => {
    const tokenA = await a.login('ana@example.com');
    const tokenB = await b.login('ana@example.com');
    expect((await me(a, tokenA)).statusCode).toBe(200);
    expect((await me(b, tokenB)).statusCode).toBe(200);
    // Renaming the person evicts their sessions (tagged by the person's id, the same in both apps).
    const renamed = await a.call(tokenA, {
      method: 'PATCH',
      url: '/api/me',
      payload: { full_name: 'Ana A' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(a.ctx.caches.sessions.get(hashToken(tokenA))).toBeUndefined();
    expect(b.ctx.caches.sessions.get(hashToken(tokenB))).toBeDefined();
    expect((await me(b, tokenB)).json().data.full_name).toBe('ana');
  });

  it("the bench's change-feed switch turns off one app's feed only", async () => {
    const ana = await a.user('ana.bench@example.com');
    const feedOf = async (t: TestApp) => {
      const companyId = await t.company('Bench', [2], [{ userId: ana, role: 'owner' }]);
      await createCustomer(t.ctx, { companyId, userId: ana }, CustomerCreateBody.parse({ name: 'Kupac' }));
      const rows = await t.ctx.db
        .selectFrom('change_events')
        .select('type')
        .where('company_id', '=', companyId)
        .execute();
      return rows.map((r) => r.type);
    };
    await b.user('ana.bench@example.com');
    a.ctx.benchOnlyChangeFeed.enabled = false;
    try {
      expect(await feedOf(a)).toEqual([]);
      expect(await feedOf(b)).toEqual(['customer.created']);
    } finally {
      a.ctx.benchOnlyChangeFeed.enabled = true;
    }
  });

  it('each app has caches of its own, and its own clock', () => {
    for (const name of Object.keys(a.ctx.caches) as (keyof TestApp['ctx']['caches'])[]) {
      expect(a.ctx.caches[name], name).not.toBe(b.ctx.caches[name]);
    }
    expect(a.ctx.clock).not.toBe(b.ctx.clock);
  });
});
