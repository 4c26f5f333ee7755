import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../../test-support/child-server.ts';
import { until } from '../../test-support/jobs-harness.ts';
import { connectLive, type LiveTestClient, subscribeLive } from '../../test-support/live-client.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test-support/smtp-capture.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';

/**
 * Two real server processes (different ports) on one PostgreSQL database and
 * one Redis, as behind a load balancer: they must act as one. Always on
 * PostgreSQL, whatever TEST_DB says: several instances need a shared database.
 */
const ADMIN = { email: 'root@example.com', password: 'a long admin passphrase' };

let dir: string;
let drop: () => Promise<void>;
let smtp: SmtpCapture;
let a: ChildServer;
let b: ChildServer;
let root: string;
let company: number;
const sockets: LiveTestClient[] = [];

async function call(
  server: ChildServer,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  clientAddress?: string,
) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? JSON.parse(text).data : undefined, text };
}

const login = async (
  server: ChildServer,
  email = ADMIN.email,
  password = ADMIN.password,
  clientAddress?: string,
) => call(server, 'POST', '/login', undefined, { email, password }, clientAddress);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kontora-two-'));
  const created = await createTestDatabase('postgres');
  drop = created.drop;
  if (created.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
  smtp = await startSmtpCapture();
  const env = {
    DATA_DIR: dir,
    DATABASE_URL: created.database.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // This test's own BullMQ queues and live channel on the shared Redis.
    REDIS_PREFIX: `kontora-two-${randomBytes(4).toString('hex')}`,
    // The failed logins below come from an address of their own (X-Forwarded-For): the login
    // counters live in the shared Redis, and 127.0.0.1's per-address ceiling is everyone's.
    TRUST_PROXY: '1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: 's'.repeat(64),
    APP_URL: 'http://kontora.test',
    SMTP_URL: smtp.url,
    // Slow polling: a change reaching the other instance within a second comes by the Redis nudge.
    LIVE_POLL_MS: '5000',
  };
  // Both start at once on an empty database: the migrations run once, under the migrator's lock.
  [a, b] = await Promise.all([startChildServer(env), startChildServer(env)]);
  root = (await login(a)).data.token;
  const res = await call(a, 'POST', '/admin/companies', root, { name: 'Twin d.o.o.', modules: [0, 2] });
  expect(res.status, res.text).toBe(201);
  company = res.data.id;
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const server of [a, b]) {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  await smtp?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('two instances behind one address', () => {
  it('a session created on A works on B, and once signed out on A is refused on B', async () => {
    const token = (await login(a)).data.token;
    expect((await call(b, 'GET', '/me', token)).status).toBe(200);
    expect((await call(a, 'POST', '/logout', token)).status).toBeLessThan(300);
    // B had the session cached: the eviction comes through Redis, in well under a second.
    await until(async () => (await call(b, 'GET', '/me', token)).status === 401, 1_000);
  });

  it('a change committed through A reaches a socket on B within 1 s', async () => {
    const socket = await connectLive(b.url);
    sockets.push(socket);
    await subscribeLive(socket, root, company);
    const res = await call(a, 'POST', `/companies/${company}/customers`, root, { name: 'Across' });
    expect(res.status, res.text).toBe(201);
    const committed = Date.now();
    await socket.next((m) => m.type === 'customer.created' && m.entity_id === res.data.id, 1_000);
    expect(Date.now() - committed).toBeLessThan(1_000);
  });

  it('an admin change through A reaches a superuser’s socket on B within 1 s', async () => {
    const socket = await connectLive(b.url);
    sockets.push(socket);
    socket.send({ type: 'auth', token: root });
    await socket.next((m) => m.type === 'ready');
    // A person's change travels on the relay; a company's comes from the feed, woken by the nudge.
    const invited = await call(a, 'POST', '/admin/users', root, {
      email: 'across@example.com',
      full_name: 'A',
    });
    expect(invited.status, invited.text).toBe(201);
    await socket.next(
      (m) => m.type === 'admin' && m.kind === 'user.created' && m.id === invited.data.id,
      1_000,
    );
    const modules = await call(a, 'PUT', `/admin/companies/${company}/modules`, root, { modules: [0, 1, 2] });
    expect(modules.status, modules.text).toBe(200);
    await socket.next(
      (m) => m.type === 'admin' && m.kind === 'company.modules_changed' && m.id === company,
      1_000,
    );
  });

  it('a webhook endpoint added through A reaches a socket on B within 1 s (settings notices)', async () => {
    const modules = await call(a, 'PUT', `/admin/companies/${company}/modules`, root, { modules: [0, 1, 2] });
    expect(modules.status, modules.text).toBe(200);
    const socket = await connectLive(b.url);
    sockets.push(socket);
    await subscribeLive(socket, root, company);
    const created = await call(a, 'POST', `/companies/${company}/webhooks`, root, {
      url: 'https://hooks.example.com/kontora',
      event_types: ['customer.created'],
    });
    expect(created.status, created.text).toBe(201);
    await socket.next(
      (m) => m.type === 'admin' && m.kind === 'webhook.created' && m.id === created.data.id,
      1_000,
    );
  });

  it('jobs enqueued through A and B run exactly once', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `twin-${i}@example.com`);
    await Promise.all(
      emails.map(async (email, i) => {
        const res = await call(i % 2 ? b : a, 'POST', '/admin/users', root, {
          email,
          full_name: `Twin ${i}`,
        });
        expect(res.status, res.text).toBe(201);
      }),
    );
    await until(async () => emails.every((e) => smtp.countFor(e) >= 1), 30_000);
    // Time for a second run to show, had there been one.
    await sleep(2_000);
    expect(emails.map((e) => smtp.countFor(e))).toEqual(emails.map(() => 1));
  });

  it('rate limits are shared: 10 failed logins split over A and B, then 429', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const from = `10.${[...randomBytes(3)].join('.')}`;
    for (let i = 0; i < 10; i++) {
      expect((await login(i % 2 ? b : a, email, 'wrong password', from)).status).toBe(401);
    }
    expect((await login(a, email, 'wrong password', from)).status).toBe(429);
    expect((await login(b, email, 'wrong password', from)).status).toBe(429);
  });

  it('cache evictions are shared: an update through A shows in B’s next list', async () => {
    const created = await call(a, 'POST', `/companies/${company}/customers`, root, { name: 'Before rename' });
    const list = () => call(b, 'GET', `/companies/${company}/customers?q=rename`, root);
    expect((await list()).data.items.map((c: { name: string }) => c.name)).toEqual(['Before rename']);
    const patched = await call(a, 'PATCH', `/companies/${company}/customers/${created.data.id}`, root, {
      version: created.data.version,
      name: 'After rename',
    });
    expect(patched.status, patched.text).toBe(200);
    // The eviction reaches B over Redis a moment after A answers; within a second, not the cache's 5 s.
    const names = async () => (await list()).data.items.map((c: { name: string }) => c.name);
    await until(async () => (await names())[0] === 'After rename', 1_000);
    expect(await names()).toEqual(['After rename']);
  });
});
