import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createActiveUser, createCompanyWith } from '../seed/accounts.seed.ts';
import type { ChildServer } from './child-server.ts';
import { createTestDatabase, testDialect } from './test-database.ts';

const ANA = { email: 'ana@example.com', password: 'correct horse battery' };

export interface ChildServerCompany {
  /** The environment of every child server started on it. */
  env: Record<string, string>;
  company: number;
  /** The test's own connection to the database the child servers use. */
  db: Database;
  close(): Promise<void>;
}

/**
 * What a crash test's child servers share: a data folder and a database (a SQLite file, or a
 * PostgreSQL database with TEST_DB=postgres), migrated, where Ana owns the company Acme.
 */
export async function childServerCompany(
  name: string,
  env: Record<string, string>,
  modules: number[],
): Promise<ChildServerCompany> {
  const dir = mkdtempSync(path.join(tmpdir(), `kontora-${name}-`));
  let databaseUrl = `sqlite:${path.join(dir, 'kontora.sqlite')}`;
  let drop = async () => {};
  if (testDialect() === 'postgres') {
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    databaseUrl = (created.database as { url: string }).url;
  }
  const all = { DATA_DIR: dir, DATABASE_URL: databaseUrl, ...env };
  const { db } = createDatabase(loadConfig(all).database);
  await migrateToLatest(db);
  const userId = await createActiveUser(db, { ...ANA, full_name: 'Ana' });
  const company = await createCompanyWith(db, { name: 'Acme', modules }, [{ userId, role: 'owner' }]);
  return {
    env: all,
    company,
    db,
    async close() {
      await db.destroy();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ana's bearer token on the child server. */
export async function loginAna(server: ChildServer): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ANA),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
