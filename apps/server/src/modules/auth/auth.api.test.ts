import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../../lib/throttle.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test-support/test-app.ts';
import { findUserWithHashByEmail, updateUser } from '../users/users.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.user('ivana@example.com');
  await t.user('throttled@example.com');
  await t.user('disabled@example.com');
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/login', () => {
  it('signs in and answers the session user with a token', async () => {
    const res = await login('Ivana@Example.com', PASSWORD);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      email: 'ivana@example.com',
      is_admin: false,
      isSuperuser: false,
      next_step: null,
    });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.preferences).toEqual({
      layout: 'vertical',
      width: 'fluid',
      sidebar: 'dark',
      theme: 'light',
      topbar: 'dark',
    });
    expect(data).not.toHaveProperty('password_hash');
  });

  it('stores only a hash of the session token', async () => {
    const token = (await login('ivana@example.com', PASSWORD)).json().data.token;
    const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const wrong = await login('ivana@example.com', 'not the password', '10.0.0.2');
    const unknown = await login('nobody@example.com', 'not the password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it('rejects malformed input with per-field details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nope', password: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({ email: expect.any(Array), password: expect.any(Array) });
  });

  it('throttles failed logins per account with 429 and Retry-After', async () => {
    const { limit } = THROTTLE.loginFailuresPerAccount;
    for (let i = 0; i < limit; i++) {
      // Different addresses: only the account counter can be what stops it.
      expect((await login('throttled@example.com', 'wrong password', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login('throttled@example.com', PASSWORD, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().code).toBe('too_many_requests');
  });

  it('throttles failed logins per client address across accounts', async () => {
    const { limit } = THROTTLE.loginFailuresPerAddress;
    for (let i = 0; i < limit; i++) await login(`someone${i}@example.com`, 'wrong password', '10.2.0.1');
    const blocked = await login('ivana@example.com', PASSWORD, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect((await login('ivana@example.com', PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('refuses a disabled account and ends its live sessions', async () => {
    const token = (await login('disabled@example.com', PASSWORD, '10.3.0.1')).json().data.token;
    expect((await t.call(token, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const user = await findUserWithHashByEmail(t.ctx.db, 'disabled@example.com');
    await updateUser(t.ctx.db, t.ctx.caches, user?.id ?? 0, { status: 'disabled' });
    expect((await t.call(token, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await login('disabled@example.com', PASSWORD, '10.3.0.1')).statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('accepts Bearer and bare tokens, and logout revokes the token', async () => {
    const token = await t.login('ivana@example.com');
    expect((await t.call(token, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const bare = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: token } });
    expect(bare.statusCode).toBe(200);
    expect((await t.call(token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    const after = await t.call(token, { method: 'GET', url: '/api/me' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'session_expired', message: expect.any(String) });
  });

  it('answers 401 without a token and with a made-up one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.call('x'.repeat(43), { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.call('x'.repeat(5000), { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('expires a session after inactivity', async () => {
    const token = await t.login('ivana@example.com');
    const idle = new Date(Date.now() - t.ctx.config.session.idleMs - 1000).toISOString();
    await t.ctx.db
      .updateTable('sessions')
      .set({ last_used_at: idle })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await t.call(token, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('expires a session at its absolute limit even when in use', async () => {
    const token = await t.login('ivana@example.com');
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString(), last_used_at: new Date().toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    timeTravelPastSessionCache();
    expect((await t.call(token, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('sees a change to the person at once despite the session cache', async () => {
    const token = await t.login('ivana@example.com');
    await t.call(token, { method: 'GET', url: '/api/me' });
    await t.call(token, { method: 'PATCH', url: '/api/me', payload: { full_name: 'Ivana Renamed' } });
    expect((await t.call(token, { method: 'GET', url: '/api/me' })).json().data.full_name).toBe(
      'Ivana Renamed',
    );
  });
});

/** The tests above move session timestamps by hand; a real clock would also have outlived the cache TTL. */
function timeTravelPastSessionCache(): void {
  t.ctx.caches.sessions.clear();
}
