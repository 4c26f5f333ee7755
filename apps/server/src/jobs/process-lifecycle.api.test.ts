import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database.ts';
import { type ChildServer, startChildServer } from '../test-support/child-server.ts';
import { until } from '../test-support/jobs-harness.ts';
import { startSmtpCapture, tokenFromMail } from '../test-support/smtp-capture.ts';
import { createTestDatabase } from '../test-support/test-database.ts';

/**
 * The real server in child processes on one database: kill -9 with a job in
 * flight, restart, SIGTERM. Short leases and polls through the environment.
 */
const ADMIN = { email: 'root@example.com', password: 'a long admin passphrase' };

let dir: string;
let env: Record<string, string>;
let db: Database;
let dropDatabase: () => Promise<void>;
const children: ChildServer[] = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kontora-life-'));
  const { database, drop } = await createTestDatabase();
  dropDatabase = drop;
  const file = path.join(dir, 'kontora.sqlite');
  env = {
    DATA_DIR: dir,
    DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${file}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: 's'.repeat(64),
    APP_URL: 'http://kontora.test',
    JOBS_LEASE_SECONDS: '1',
    JOBS_POLL_MS: '50',
  };
  db = createDatabase(database.kind === 'postgres' ? database : { kind: 'sqlite', file }).db;
});

afterEach(async () => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await db.destroy();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

async function start(extra: Record<string, string> = {}) {
  const server = await startChildServer({ ...env, ...extra });
  children.push(server);
  return server;
}

async function post(server: ChildServer, url: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

const login = async (server: ChildServer) =>
  (await post(server, '/api/login', ADMIN)).body.data.token as string;

async function jobState(name: string) {
  return db.selectFrom('jobs').select(['state', 'attempts']).where('name', '=', name).executeTakeFirst();
}

// Two server starts (migrations included) on a loaded 2-core machine take a while.
describe('jobs across processes', { timeout: 120_000 }, () => {
  it('kill -9 while an activation mail is being sent: after restart it arrives once, and its link works', async () => {
    // The first delivery hangs in DATA, so the process dies with the job active and the mail unsent.
    const smtp = await startSmtpCapture({ stallFirst: 1 });
    try {
      const first = await start({ SMTP_URL: smtp.url });
      const invited = await post(
        first,
        '/api/admin/users',
        { email: 'fresh@example.com', full_name: 'Fresh Person' },
        await login(first),
      );
      expect(invited.status).toBe(201);
      await until(async () => smtp.received() === 1, 60_000);
      expect((await jobState('mail.account'))?.state).toBe('active');
      first.child.kill('SIGKILL');
      await first.exited;

      const second = await start({ SMTP_URL: smtp.url });
      const mail = await smtp.waitFor('fresh@example.com', 0, 60_000);
      await until(async () => (await jobState('mail.account'))?.state === 'completed', 60_000);
      expect(smtp.mails.filter((m) => m.to.includes('fresh@example.com'))).toHaveLength(1);
      expect(mail.raw).toMatch(/^Message-ID: <job-\d+\.[\w-]+@kontora\.test>/im);
      const activated = await post(second, `/api/activate/${tokenFromMail(mail, 'activate')}`, {
        full_name: 'Fresh Person',
        password: 'my fresh passphrase',
      });
      expect(activated.status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('SIGTERM with requests and a job in flight: requests answered, the job handed back, exit 0', async () => {
    const smtp = await startSmtpCapture({ stallFirst: 1 });
    try {
      const server = await start({ SMTP_URL: smtp.url, LOG_LEVEL: 'info', JOBS_SHUTDOWN_GRACE_SECONDS: '1' });
      const token = await login(server);
      await post(server, '/api/admin/users', { email: 'late@example.com', full_name: 'Late' }, token);
      await until(async () => smtp.received() === 1, 60_000);

      // Password checks take a while (argon2id): these are still running when the signal comes.
      const logins = Array.from({ length: 2 }, () => post(server, '/api/login', ADMIN));
      await server.waitForLog(/"url":"\/api\/login"/, 3);
      server.child.kill('SIGTERM');
      const answers = await Promise.all(logins);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await server.exited, server.stderr()).toBe(0);
      expect(await jobState('mail.account')).toEqual({ state: 'waiting', attempts: 0 });
    } finally {
      await smtp.close();
    }
  });
});
