import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../../test-support/test-app.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
beforeAll(async () => {
  // With Redis: revocations are broadcast to the other instances, as in a scaled-out deployment.
  t = await createTestApp({ redisUrl });
  await t.user('sara@example.com');
  await t.user('luka@example.com');
  await t.user('root@example.com', { is_admin: true });
});
afterAll(() => t.close());

const loginFrom = async (email: string, userAgent: string, ip: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  return res.json().data.token as string;
};
const me = (token: string) => t.call(token, { method: 'GET', url: '/api/me' });
const list = async (token: string) =>
  (await t.call(token, { method: 'GET', url: '/api/me/sessions' })).json().data.items as {
    id: number;
    current: boolean;
    device: string | null;
    ip: string;
    user_agent: string;
    created_at: string;
    last_seen_at: string;
  }[];

describe('own sessions', () => {
  it('lists the active sessions with device, address and times, marking the current one', async () => {
    const laptop = await loginFrom('sara@example.com', FIREFOX, '10.9.0.1');
    await loginFrom('sara@example.com', IPHONE, '10.9.0.2');
    await loginFrom('luka@example.com', FIREFOX, '10.9.0.3');
    const items = await list(laptop);
    expect(items).toHaveLength(2);
    const current = items.find((s) => s.current);
    expect(current).toMatchObject({ device: 'Firefox on Linux', ip: '10.9.0.1', user_agent: FIREFOX });
    expect(items.find((s) => !s.current)).toMatchObject({ device: 'Safari on iOS', ip: '10.9.0.2' });
    expect(Date.parse(current?.created_at ?? '')).not.toBeNaN();
    expect(Date.parse(current?.last_seen_at ?? '')).not.toBeNaN();
  });

  it('signs out one session, refused at once and broadcast to other instances', async () => {
    const keep = await loginFrom('sara@example.com', FIREFOX, '10.9.1.1');
    const lost = await loginFrom('sara@example.com', IPHONE, '10.9.1.2');
    expect((await me(lost)).statusCode).toBe(200); // now in the session cache
    const lostId = (await list(lost)).find((s) => s.current)?.id;

    const listener = new Redis(redisUrl);
    const heard: string[] = [];
    await listener.subscribe('kontora:cache-evict');
    listener.on('message', (_c: string, m: string) => heard.push(m));
    const res = await t.call(keep, { method: 'DELETE', url: `/api/me/sessions/${lostId}` });
    expect(res.statusCode).toBe(204);
    expect((await me(lost)).statusCode).toBe(401);
    expect((await me(keep)).statusCode).toBe(200);
    const saraId = (await me(keep)).json().data.id;
    for (let i = 0; i < 50 && !heard.includes(`session:${saraId}`); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(heard).toContain(`session:${saraId}`);
    await listener.quit();
  });

  it("answers 404 for another person's session and leaves it alone", async () => {
    const sara = await loginFrom('sara@example.com', FIREFOX, '10.9.2.1');
    const luka = await loginFrom('luka@example.com', FIREFOX, '10.9.2.2');
    const lukaId = (await list(luka)).find((s) => s.current)?.id;
    const res = await t.call(sara, { method: 'DELETE', url: `/api/me/sessions/${lukaId}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect((await me(luka)).statusCode).toBe(200);
    expect((await t.call(sara, { method: 'DELETE', url: '/api/me/sessions/abc' })).statusCode).toBe(404);
  });

  it('signs out everywhere else and keeps this session', async () => {
    const here = await loginFrom('luka@example.com', FIREFOX, '10.9.3.1');
    const others = [
      await loginFrom('luka@example.com', IPHONE, '10.9.3.2'),
      await loginFrom('luka@example.com', FIREFOX, '10.9.3.3'),
    ];
    for (const token of others) expect((await me(token)).statusCode).toBe(200);
    const res = await t.call(here, { method: 'POST', url: '/api/me/sessions/revoke-others' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.revoked).toBeGreaterThanOrEqual(2);
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect(await list(here)).toHaveLength(1);
  });
});

describe('a superuser ends all sessions of a person', () => {
  it('signs the person out everywhere at once and records it in the audit log', async () => {
    const root = await t.login('root@example.com');
    const a = await loginFrom('sara@example.com', FIREFOX, '10.9.4.1');
    const b = await loginFrom('sara@example.com', IPHONE, '10.9.4.2');
    expect((await me(a)).statusCode).toBe(200);
    const saraId = (await me(a)).json().data.id;

    expect(
      (await t.call(a, { method: 'POST', url: `/api/admin/users/${saraId}/sessions/revoke` })).statusCode,
    ).toBe(403);
    const res = await t.call(root, { method: 'POST', url: `/api/admin/users/${saraId}/sessions/revoke` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.revoked).toBeGreaterThanOrEqual(2);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(root)).statusCode).toBe(200);

    const audit = await t.call(root, { method: 'GET', url: '/api/admin/audit?entity=user' });
    expect(JSON.stringify(audit.json().data)).toContain('user.revoke_sessions');
    const unknown = await t.call(root, { method: 'POST', url: '/api/admin/users/999999/sessions/revoke' });
    expect(unknown.statusCode).toBe(404);
  });
});
