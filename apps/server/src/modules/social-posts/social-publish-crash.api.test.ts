import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createActiveUser, createCompanyWith } from '../../seed/accounts.seed.ts';
import { type ChildServer, startChildServer } from '../../test-support/child-server.ts';
import { X_CLIENT } from '../../test-support/social-standins/social-test-kit.ts';
import { startXStandin, type XStandin } from '../../test-support/social-standins/x-standin.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { tokenBox } from '../social-accounts/social-tokens.ts';

// A real server process killed with SIGKILL while its publish is in flight: after a restart the
// post exists once on the network. Runs on the suite's database: a SQLite file, or a fresh
// PostgreSQL database (a child process needs a database it can open, so not `:memory:`).
const SECRET = 'c'.repeat(64);
let x: XStandin;
let dir: string;
let env: Record<string, string>;
let company: number;
let accountId: number;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  x = await startXStandin(X_CLIENT);
  dir = mkdtempSync(path.join(tmpdir(), 'kontora-social-crash-'));
  const file = path.join(dir, 'kontora.sqlite');
  const { database, drop } = await createTestDatabase();
  dropDatabase = drop;
  env = {
    DATA_DIR: dir,
    DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${file}`,
    SECRET_KEY: SECRET,
    JOBS_LEASE_SECONDS: '2',
    JOBS_POLL_MS: '100',
    SOCIAL_X_API_URL: x.url,
    SOCIAL_X_AUTH_URL: `${x.url}/i/oauth2/authorize`,
    SOCIAL_X_CLIENT_ID: X_CLIENT.id,
    SOCIAL_X_CLIENT_SECRET: X_CLIENT.secret,
    // The stand-in is on loopback: the guarded client reaches it only when allowed.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  };
  const config = loadConfig(env);
  const { db } = createDatabase(config.database);
  await migrateToLatest(db);
  const userId = await createActiveUser(db, {
    email: 'ana@example.com',
    full_name: 'Ana',
    password: 'correct horse battery',
  });
  company = await createCompanyWith(db, { name: 'Acme', modules: [3] }, [{ userId, role: 'owner' }]);
  const token = x.issueToken();
  const box = tokenBox(config);
  const now = new Date().toISOString();
  accountId = (
    await db
      .insertInto('social_accounts')
      .values({
        company_id: company,
        type: 'x',
        remote_id: x.user.id,
        name: x.user.name,
        handle: x.user.username,
        status: 'active',
        access_token: box.seal(token.access_token),
        refresh_token: box.seal(token.refresh_token),
        token_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        refresh_expires_at: null,
        extra: null,
        last_error: null,
        owners_notified_at: null,
        connected_by: userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db.destroy();
});
afterAll(async () => {
  await x?.close();
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

async function login(server: ChildServer): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ana@example.com', password: 'correct horse battery' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe('kill -9 during a publish', () => {
  it('the post exists once on the network after the restart', { timeout: 120_000 }, async () => {
    const text = `Crash test ${Date.now()}`;
    x.controls.publishDelayMs = 30_000; // X has the tweet; its answer never reaches the dying process
    let server = await startChildServer(env);
    try {
      const token = await login(server);
      const created = await fetch(`${server.url}/api/companies/${company}/social/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text, account_ids: [accountId] }),
      });
      expect(created.status).toBe(201);
      const postId = ((await created.json()) as { data: { id: number } }).data.id;
      const deadline = Date.now() + 30_000;
      while (!x.tweets.some((t) => t.text === text)) {
        if (Date.now() > deadline) throw new Error('the publish never reached X');
        await new Promise((r) => setTimeout(r, 50));
      }
      server.child.kill('SIGKILL');
      await server.exited;
      x.controls.publishDelayMs = 0;

      server = await startChildServer(env);
      const again = await login(server);
      let post: { status: string; targets: { attempts: number; remote_url: string | null }[] } | undefined;
      const until = Date.now() + 60_000;
      for (;;) {
        const res = await fetch(`${server.url}/api/companies/${company}/social/posts/${postId}`, {
          headers: { authorization: `Bearer ${again}` },
        });
        post = ((await res.json()) as { data: typeof post }).data;
        if (post?.status === 'published' || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(post?.status).toBe('published');
      expect(post?.targets[0]?.attempts).toBe(1);
      expect(x.tweets.filter((t) => t.text === text)).toHaveLength(1);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
