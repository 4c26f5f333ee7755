import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { THROTTLE } from '../../lib/throttle.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test-support/test-app.ts';

// Unique per run: the Redis-backed app shares its counters with every other run on this Redis.
const run = `${process.pid}-${Date.now()}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const apps: Record<string, TestApp> = {};
async function app(name: string, overrides: Partial<Config> = {}): Promise<TestApp> {
  apps[name] ??= await createTestApp(overrides);
  return apps[name];
}
afterAll(async () => {
  for (const t of Object.values(apps)) await t.close();
});

type Attempt = { email: string; password: string; socket: string; forwardedFor?: string };
const login = (t: TestApp, a: Attempt) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: a.email, password: a.password },
    remoteAddress: a.socket,
    headers: a.forwardedFor ? { 'x-forwarded-for': a.forwardedFor } : {},
  });
const statuses = async (answers: Promise<{ statusCode: number }>[]) =>
  (await Promise.all(answers)).map((r) => r.statusCode);
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;
/** Wrong passwords for `n` different (unknown) accounts: only an address counter can stop them. */
const spray = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    email: `${tag}-${i}-${run}@example.com`,
    password: 'wrong password',
  }));

describe.each([
  ['in memory', {}],
  ['in Redis', { redisUrl }],
])('60 parallel wrong passwords for one account, counters %s', (name, overrides) => {
  let t: TestApp;
  const email = `race-${run}@example.com`;
  beforeAll(async () => {
    t = await app(name, overrides);
    await t.user(email);
  });

  it('checks at most the limit, refuses the rest, and a correct 60th password does not sign in', async () => {
    // Per run too: Redis outlives the run, and the address's count must start from nothing.
    const socket = `10.${20 + name.length}.${process.pid % 250}.${Date.now() % 250}`;
    const wrong = Array.from({ length: 59 }, () => login(t, { email, password: 'wrong password', socket }));
    const correct = login(t, { email, password: PASSWORD, socket });
    const codes = await statuses([...wrong, correct]);
    // Every 401 is a password that was verified; a 429 was refused before verifying.
    const { limit } = THROTTLE.loginFailuresPerAccount;
    expect(count(codes, 401), codes.join(' ')).toBe(limit);
    expect(count(codes, 429), codes.join(' ')).toBe(60 - limit);
    expect(codes[59]).toBe(429);
    // Still locked afterwards, from any address.
    expect((await login(t, { email, password: PASSWORD, socket: '10.20.9.9' })).statusCode).toBe(429);
  });
});

describe('client addresses without a trusted proxy (the default)', () => {
  it('ignores a forged X-Forwarded-For: rotating it does not escape the address ceiling', async () => {
    const t = await app('default');
    await t.user(`victim-${run}@example.com`);
    const { limit } = THROTTLE.loginFailuresPerAddress;
    const socket = '10.30.0.1';
    const codes = await statuses(
      spray(limit + 5, 'forged').map((a, i) =>
        login(t, { ...a, socket, forwardedFor: `192.0.2.${i % 250}` }),
      ),
    );
    expect(count(codes, 401)).toBe(limit);
    expect(count(codes, 429)).toBe(5);
    const correct = { email: `victim-${run}@example.com`, password: PASSWORD };
    expect((await login(t, { ...correct, socket, forwardedFor: '198.51.100.1' })).statusCode).toBe(429);
    expect((await login(t, { ...correct, socket: '10.30.0.2' })).statusCode).toBe(200);
  });

  it("does not let one person's failures behind a shared proxy lock out another's correct password", async () => {
    const t = await app('default');
    const clumsy = `clumsy-${run}@example.com`;
    const other = `colleague-${run}@example.com`;
    await t.user(clumsy);
    await t.user(other);
    const socket = '10.31.0.1';
    // One person hammers their own account long after it locked, and others mistype their emails.
    const own = Array.from({ length: 50 }, () => ({ email: clumsy, password: 'wrong password' }));
    const codes = await statuses([...own, ...spray(30, 'typo')].map((a) => login(t, { ...a, socket })));
    expect(count(codes, 401)).toBe(THROTTLE.loginFailuresPerAccount.limit + 30);
    expect((await login(t, { email: other, password: PASSWORD, socket })).statusCode).toBe(200);
  });
});

describe.each([
  ['one trusted hop (TRUST_PROXY=1)', 1],
  ['a trusted proxy list', ['10.40.0.0/24']],
] as const)('client addresses behind %s', (name, trustProxy) => {
  it('throttles rotating forged addresses on the real client address, and only that client', async () => {
    const t = await app(name, { trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] });
    await t.user(`behind-${run}@example.com`);
    const { limit } = THROTTLE.loginFailuresPerAddress;
    // The proxy appends the address it saw; whatever the client wrote comes before it.
    const via = (client: string, forged: string) => ({
      socket: '10.40.0.5',
      forwardedFor: `${forged}, ${client}`,
    });
    const codes = await statuses(
      spray(limit + 1, `rotating-${typeof trustProxy}`).map((a, i) =>
        login(t, { ...a, ...via('203.0.113.7', `192.0.2.${i % 250}`) }),
      ),
    );
    expect(count(codes, 401)).toBe(limit);
    expect(count(codes, 429)).toBe(1);
    const correct = { email: `behind-${run}@example.com`, password: PASSWORD };
    expect((await login(t, { ...correct, ...via('203.0.113.7', '192.0.2.99') })).statusCode).toBe(429);
    expect((await login(t, { ...correct, ...via('203.0.113.8', '192.0.2.99') })).statusCode).toBe(200);
  });
});

describe('a trusted proxy list', () => {
  it('ignores X-Forwarded-For from a client that is not one of the proxies', async () => {
    const t = await app('a trusted proxy list', { trustProxy: ['10.40.0.0/24'] });
    const { limit } = THROTTLE.loginFailuresPerAddress;
    const codes = await statuses(
      spray(limit + 1, 'direct').map((a, i) =>
        login(t, { ...a, socket: '198.51.100.20', forwardedFor: `10.40.0.${i % 250}` }),
      ),
    );
    expect(count(codes, 429)).toBe(1);
  });
});
