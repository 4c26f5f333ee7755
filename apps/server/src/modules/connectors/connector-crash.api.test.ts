import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createActiveUser, createCompanyWith } from '../../seed/accounts.seed.ts';
import { type ChildServer, startChildServer } from '../../test-support/child-server.ts';
import { type HubspotStandin, startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { createTestDatabase, testDialect } from '../../test-support/test-database.ts';

// A real server process killed with SIGKILL in the middle of a first import: after a restart the
// import resumes at its checkpoint and every remote contact exists once.
const CONTACTS = 3_000; // 30 pages of 100
let hubspot: HubspotStandin;
let dir: string;
let env: Record<string, string>;
let company: number;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  hubspot = await startHubspotStandin();
  hubspot.seedContacts(CONTACTS);
  dir = mkdtempSync(path.join(tmpdir(), 'kontora-connector-crash-'));
  let databaseUrl = `sqlite:${path.join(dir, 'kontora.sqlite')}`;
  if (testDialect() === 'postgres') {
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    databaseUrl = (created.database as { url: string }).url;
  }
  env = {
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    SECRET_KEY: 'd'.repeat(64),
    JOBS_LEASE_SECONDS: '2',
    JOBS_POLL_MS: '100',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  };
  const { db } = createDatabase(loadConfig(env).database);
  await migrateToLatest(db);
  const userId = await createActiveUser(db, {
    email: 'ana@example.com',
    full_name: 'Ana',
    password: 'correct horse battery',
  });
  company = await createCompanyWith(db, { name: 'Acme', modules: [0, 1, 2] }, [{ userId, role: 'owner' }]);
  await db.destroy();
}, 60_000);
afterAll(async () => {
  await hubspot?.close();
  await drop();
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

const listCalls = () =>
  hubspot.calls.filter((c) => c.method === 'GET' && c.path === '/crm/v3/objects/contacts');

describe('kill -9 during a first import', () => {
  it('resumes at the checkpoint after a restart: every contact once, no page from the start again', {
    timeout: 300_000,
  }, async () => {
    hubspot.state.listDelayMs = 150;
    let server = await startChildServer(env);
    let connectorId = 0;
    try {
      const token = await login(server);
      const created = await fetch(`${server.url}/api/companies/${company}/connectors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ provider: 'hubspot', token: hubspot.token, base_url: hubspot.url }),
      });
      expect(created.status).toBe(201);
      connectorId = ((await created.json()) as { data: { id: number } }).data.id;
      const deadline = Date.now() + 60_000;
      // The token test is one call; wait for about a third of the pages.
      while (listCalls().length < 11) {
        if (Date.now() > deadline) throw new Error('the import never got going');
        await new Promise((r) => setTimeout(r, 20));
      }
      server.child.kill('SIGKILL');
      await server.exited;
      const beforeRestart = listCalls().length;
      hubspot.state.listDelayMs = 0;

      server = await startChildServer(env);
      const again = await login(server);
      let connector: { import_done: boolean; state: string; counts: { created: number } } | undefined;
      const until = Date.now() + 200_000;
      for (;;) {
        const res = await fetch(`${server.url}/api/companies/${company}/connectors/${connectorId}`, {
          headers: { authorization: `Bearer ${again}` },
        });
        connector = ((await res.json()) as { data: typeof connector }).data;
        if ((connector?.import_done && connector.state === 'idle') || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(connector).toMatchObject({ import_done: true, state: 'idle' });

      const { db } = createDatabase(loadConfig(env).database);
      try {
        const rows = await db
          .selectFrom('customers')
          .select('email')
          .where('company_id', '=', company)
          .execute();
        expect(rows).toHaveLength(CONTACTS);
        expect(new Set(rows.map((r) => r.email)).size).toBe(CONTACTS);
        const links = await db
          .selectFrom('connector_links')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', company)
          .executeTakeFirstOrThrow();
        expect(Number(links.n)).toBe(CONTACTS);
      } finally {
        await db.destroy();
      }
      // 30 pages in all; after the restart at most the page that was in flight is read again.
      const after = listCalls().length - beforeRestart;
      expect(after).toBeLessThanOrEqual(30 - (beforeRestart - 1) + 1);
      expect(listCalls().length - 1).toBeLessThanOrEqual(31);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
