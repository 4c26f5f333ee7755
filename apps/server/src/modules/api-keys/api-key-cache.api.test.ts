import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyChecksum } from '../../lib/api-key-format.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The key cache (docs/decisions/056-api-key-verification-cache.md): a key is
 * verified once and then served by the hash of its secret. These tests warm the
 * cache first, then check that it never lends one key's company or scopes to
 * another key, keeps no secret, and still refuses revoked and expired keys.
 */
let t: TestApp;
let acme: number;
let beta: number;
let acmeOwner: string;
let betaOwner: string;

beforeAll(async () => {
  t = await createTestApp();
  const ana = await t.user('ana@key-cache.test');
  const eva = await t.user('eva@key-cache.test');
  acme = await t.company('Acme', [0, 1, 2], [{ userId: ana, role: 'owner' }]);
  beta = await t.company('Beta', [0, 1, 2], [{ userId: eva, role: 'owner' }]);
  acmeOwner = await t.login('ana@key-cache.test');
  betaOwner = await t.login('eva@key-cache.test');
});
afterAll(() => t.close());

async function newKey(token: string, company: number, body: Record<string, unknown>) {
  const res = await t.call(token, {
    method: 'POST',
    url: `/api/companies/${company}/api-keys`,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; key: string };
}

const customers = (company: number) => `/api/companies/${company}/customers`;
const read = (key: string, company: number) => t.call(key, { method: 'GET', url: customers(company) });
const write = (key: string, company: number) =>
  t.call(key, { method: 'POST', url: customers(company), payload: { name: 'Cached Ltd' } });

describe('the API key cache', () => {
  it("never answers with another key's company or scopes", async () => {
    const acmeReader = await newKey(acmeOwner, acme, { name: 'Reader', scopes: { customers: 'read' } });
    const betaWriter = await newKey(betaOwner, beta, { name: 'Writer', scopes: { customers: 'write' } });
    const acmeEvents = await newKey(acmeOwner, acme, { name: 'Events', scopes: { events: 'read' } });
    // Warm the cache with every key on its own company.
    expect((await read(acmeReader.key, acme)).statusCode).toBe(200);
    expect((await write(betaWriter.key, beta)).statusCode).toBe(201);
    expect(
      (await t.call(acmeEvents.key, { method: 'GET', url: `/api/companies/${acme}/events` })).statusCode,
    ).toBe(200);
    for (let round = 0; round < 2; round++) {
      expect((await read(acmeReader.key, beta)).statusCode).toBe(404);
      expect((await read(betaWriter.key, acme)).statusCode).toBe(404);
      const notWriter = await write(acmeReader.key, acme);
      expect(notWriter.statusCode).toBe(403);
      expect(notWriter.json().code).toBe('insufficient_scope');
      const noCustomers = await read(acmeEvents.key, acme);
      expect(noCustomers.statusCode).toBe(403);
      expect(noCustomers.json().details).toEqual({ scope: ['customers:read'] });
      expect((await read(acmeReader.key, acme)).statusCode).toBe(200);
    }
  });

  it('refuses a well-formed key that differs from a cached one', async () => {
    const { key } = await newKey(acmeOwner, acme, { name: 'Original', scopes: { customers: 'read' } });
    expect((await read(key, acme)).statusCode).toBe(200);
    const last = key[33] === 'a' ? 'b' : 'a';
    const body = key.slice(0, 33) + last;
    const sibling = body + apiKeyChecksum(body);
    const res = await read(sibling, acme);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_api_key');
  });

  it('holds a verified key by the hash of its secret, never by the secret', async () => {
    const { id, key } = await newKey(acmeOwner, acme, { name: 'Hashed', scopes: { customers: 'read' } });
    expect((await read(key, acme)).statusCode).toBe(200);
    const entry = t.ctx.caches.apiKeys.get(hashToken(key));
    expect(entry?.principal).toMatchObject({ id, companyId: acme, scopes: { customers: 'read' } });
    expect(t.ctx.caches.apiKeys.get(key)).toBeUndefined();
    expect(JSON.stringify(entry)).not.toContain(key.slice(4, 34));
  });

  it('refuses a revoked key on the next request although it was cached', async () => {
    const { id, key } = await newKey(acmeOwner, acme, { name: 'Revoked', scopes: { customers: 'read' } });
    expect((await read(key, acme)).statusCode).toBe(200);
    expect(t.ctx.caches.apiKeys.get(hashToken(key))).toBeDefined();
    const revoked = await t.call(acmeOwner, {
      method: 'DELETE',
      url: `/api/companies/${acme}/api-keys/${id}`,
    });
    expect(revoked.statusCode).toBe(204);
    const res = await read(key, acme);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_api_key');
    expect(t.ctx.caches.apiKeys.get(hashToken(key))).toBeUndefined();
  });

  it('refuses a cached key once the app clock passes its expiry', async () => {
    const expiresAt = Date.now() + 2_000;
    const { key } = await newKey(acmeOwner, acme, {
      name: 'Brief',
      scopes: { customers: 'read' },
      expires_at: new Date(expiresAt).toISOString(),
    });
    expect((await read(key, acme)).statusCode).toBe(200);
    const realNow = t.ctx.clock.now;
    // Past the expiry, yet well within the cache's 5 seconds: the cached entry answers.
    t.ctx.clock.now = () => expiresAt + 500;
    try {
      expect(t.ctx.caches.apiKeys.get(hashToken(key), t.ctx.clock.now())).toBeDefined();
      const res = await read(key, acme);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_api_key');
    } finally {
      t.ctx.clock.now = realNow;
    }
  });

  it('refuses the cached key of a company deactivated or without the module since', async () => {
    await t.user('root@key-cache.test', { is_admin: true });
    const root = await t.login('root@key-cache.test');
    const ivo = await t.user('ivo@key-cache.test');
    const gamma = await t.company('Gamma', [0, 1, 2], [{ userId: ivo, role: 'owner' }]);
    const { key } = await newKey(await t.login('ivo@key-cache.test'), gamma, {
      name: 'Gamma',
      scopes: { customers: 'read' },
    });
    expect((await read(key, gamma)).statusCode).toBe(200);
    const modules = await t.call(root, {
      method: 'PUT',
      url: `/api/admin/companies/${gamma}/modules`,
      payload: { modules: [0, 2] },
    });
    expect(modules.statusCode, modules.body).toBe(200);
    expect((await read(key, gamma)).json().code).toBe('module_disabled');
    const back = {
      method: 'PUT' as const,
      url: `/api/admin/companies/${gamma}/modules`,
      payload: { modules: [0, 1, 2] },
    };
    expect((await t.call(root, back)).statusCode).toBe(200);
    expect((await read(key, gamma)).statusCode).toBe(200);
    const off = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/companies/${gamma}`,
      payload: { is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await read(key, gamma);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});
