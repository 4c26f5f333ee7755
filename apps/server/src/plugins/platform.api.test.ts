import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { registerAccessControl } from './access.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.user('eva@example.com');
  token = await t.login('eva@example.com');
});
afterAll(() => t.close());

/** Routes anyone may call. Adding one here is a deliberate, reviewed decision. */
const PUBLIC_ROUTES = new Set([
  'POST /api/login',
  // The caller holds only the half-session token from POST /api/login, sent in the body.
  'POST /api/login/two-factor',
  'POST /api/activate/:token',
  // The activation page's name and language for the link's holder (rate limited; an unknown token is 400).
  'GET /api/activate/:token',
  'GET /api/request-reset-password/:email',
  'POST /api/request-reset-password',
  'POST /api/reset-password/:token',
  // Shows the company and role a mailed invitation link offers; answering it needs a sign-in.
  'GET /api/invitations/:token',
  'GET /api/application-helpers',
  'GET /api/company-social-integration-types',
  'GET /api/app-config',
  // Several GETs in one request (decision 116): each address is run as its own request with the
  // caller's token, so each refuses an anonymous caller as it would alone.
  'POST /api/batch-get',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/openapi.json',
  // A calendar app fetches a person's feed without signing in: the 256-bit token in the address is the secret.
  'GET /api/calendar-feeds/:token',
  // The networks' OAuth redirect: the single-use, hashed, person-and-company-bound state is its credential.
  'GET /api/social/oauth/:type/callback',
  // The mail providers' OAuth redirect (decision 078): the state, bound to person, company and browser, is its credential.
  'GET /api/mail/oauth/:provider/callback',
  // A post's approval link (decision 023): the hashed, single-use, 7-day token is the credential; rate limited.
  'GET /api/social/approvals/:token',
  'GET /api/social/approvals/:token/media/:mediaId',
  'POST /api/social/approvals/:token/approve',
  'POST /api/social/approvals/:token/request-changes',
]);

describe('default-deny access', () => {
  it('every /api route is public by the explicit list or refuses an anonymous caller with 401', async () => {
    const routes = t.app.accessTable.filter((r) => !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (route.access.kind === 'public') {
        expect(PUBLIC_ROUTES.has(key), `${key} is public but not in the reviewed list`).toBe(true);
        continue;
      }
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
        name.endsWith('Id') || name === 'id' ? '1' : 'x',
      );
      const res = await t.app.inject({ method: route.method as 'GET', url, payload: {} });
      expect(res.statusCode, `${key} answered ${res.statusCode} to an anonymous caller`).toBe(401);
    }
  });

  it('a route without a policy cannot even be registered', async () => {
    const bare = Fastify({ logger: false });
    registerAccessControl(bare, t.ctx);
    bare.get('/api/guarded', { config: { access: { kind: 'user' } } }, async () => 'ok');
    expect(() => bare.get('/api/unguarded', async () => 'open')).toThrow(/declares no access policy/);
    await bare.close();
  });
});

describe('HTTP edge', () => {
  it('sets security headers on API answers and the app page', async () => {
    for (const url of ['/api/health', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_json', message: expect.any(String) });
  });

  it('accepts an empty body sent as JSON on a bodiless call', async () => {
    const own = await t.login('eva@example.com');
    const res = await t.call(own, {
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
  });

  it('answers a wrong media type with 415 and a huge body with 413', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('unsupported_media_type');
    const big = await t.call(token, {
      method: 'PATCH',
      url: '/api/me',
      payload: { full_name: 'x'.repeat(2_000_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
  });

  it('answers over-long strings and wrong types with 400 details, never 500', async () => {
    const long = await t.call(token, {
      method: 'PATCH',
      url: '/api/me',
      payload: { full_name: 'x'.repeat(10_000) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toHaveProperty('full_name');
    const arr = await t.call(token, { method: 'PATCH', url: '/api/me', payload: [1, 2] });
    expect(arr.statusCode).toBe(400);
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a\u0000@b.hr', password: 'x' },
    });
    expect(nul.statusCode).toBe(400);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.call(token, { method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
  });
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    expect(doc.paths).toHaveProperty('/api/company-modules/{companyId}');
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('serves a browsable docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
