import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MODULE_ID } from '@kontora/contract/limits';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { insertCustomers } from '../modules/customers/customers.repository.ts';
import { createActiveUser, createCompanyWith } from '../seed/accounts.seed.ts';
import { randomCustomerRow, randomSource } from '../seed/bulk-data.ts';
import { type ChildServer, startChildServer } from '../test-support/child-server.ts';
import { createTestDatabase } from '../test-support/test-database.ts';

// A rolling deploy's SIGTERM while a client holds keep-alive connections busy with long streamed
// answers: the answers end whole, and the process exits 0 at once instead of waiting for the
// idle sockets until its own deadline timer kills it (exit 1).
const CUSTOMERS = 30_000;
const USER = { email: 'ana@example.com', password: 'correct horse battery' };
let dir: string;
let env: Record<string, string>;
let company: number;
let dropDatabase: () => Promise<void>;
let server: ChildServer | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kontora-close-'));
  const { database, drop } = await createTestDatabase();
  dropDatabase = drop;
  env = {
    DATA_DIR: dir,
    DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${path.join(dir, 'kontora.sqlite')}`,
    SECRET_KEY: 'd'.repeat(64),
    // The answers' own time depends on the machine's load; the deadline is not what is tested.
    SHUTDOWN_DEADLINE_SECONDS: '120',
  };
  const { db } = createDatabase(loadConfig(env).database);
  await migrateToLatest(db);
  const userId = await createActiveUser(db, { email: USER.email, full_name: 'Ana', password: USER.password });
  company = await createCompanyWith(db, { name: 'Acme', modules: [MODULE_ID.crm] }, [
    { userId, role: 'owner' },
  ]);
  const random = randomSource(25);
  await db.transaction().execute(async (trx) => {
    for (let done = 0; done < CUSTOMERS; done += 1000) {
      const batch = Array.from({ length: 1000 }, () =>
        randomCustomerRow(random, company, [userId], Date.now()),
      );
      await insertCustomers(
        trx,
        batch.map((b) => b.row),
        batch.map((b) => b.tags),
      );
    }
  });
  await db.destroy();
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET on `agent`: resolves once the headers came; the body is read only when asked for. */
function get(agent: http.Agent, url: string, token: string) {
  return new Promise<{ status: number; read(): Promise<string> }>((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      resolve({
        status: res.statusCode ?? 0,
        read: () =>
          new Promise<string>((done, fail) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
            res.on('error', fail);
          }),
      });
    });
    req.on('error', reject);
  });
}

it('SIGTERM during three streamed CSV exports on keep-alive connections: whole answers, exit 0 within 2 s', {
  timeout: 120_000,
}, async () => {
  server = await startChildServer(env);
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(USER),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const agent = new http.Agent({ keepAlive: true });
  try {
    const url = `${server.url}/api/companies/${company}/customers/export.csv`;
    const exports = await Promise.all([1, 2, 3].map(() => get(agent, url, token)));
    expect(exports.map((e) => e.status)).toEqual([200, 200, 200]);
    // Unread, the answers cannot all be written yet: they are still under way when the close begins.
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const bodies = await Promise.all(exports.map((e) => e.read()));
    const answered = Date.now();
    expect(await server.exited, server.stderr()).toBe(0);
    // Gone as soon as the last answer is out (how long the answers take depends on the machine).
    expect(Date.now() - answered).toBeLessThan(2_000);
    for (const body of bodies) {
      // The header line and every customer, the last line ended: nothing was cut off.
      expect(body.endsWith('\n')).toBe(true);
      expect(body.trimEnd().split(/\r?\n/)).toHaveLength(CUSTOMERS + 1);
    }
  } finally {
    agent.destroy();
  }
});
