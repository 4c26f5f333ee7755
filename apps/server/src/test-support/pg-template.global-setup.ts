import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ADMIN_URL, PG_TEMPLATE_ENV, testDialect } from './test-database.ts';

/**
 * Vitest global setup of the API project: on the PostgreSQL run, migrates one database to
 * the latest schema before any test file starts, and names it in KONTORA_TEST_PG_TEMPLATE
 * (the workers inherit the environment). Each test file then creates its database as a
 * copy of it (CREATE DATABASE … TEMPLATE) instead of running every migration again, which
 * took 2–4 s per file (decision 025). Made fresh on every run, so a new or changed migration
 * is always in it; dropped when the run ends.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (testDialect() !== 'postgres' || process.env[PG_TEMPLATE_ENV]) return undefined;
  const name = `kontora_test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const { db } = createDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await migrateToLatest(db);
  } finally {
    // A template must have no open connection while it is copied.
    await db.destroy();
  }
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
