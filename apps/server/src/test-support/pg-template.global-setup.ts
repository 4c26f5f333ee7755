import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ADMIN_URL, PG_RUN_ENV, PG_TEMPLATE_ENV, runDatabasePrefix, testDialect } from './test-database.ts';

/**
 * Vitest global setup of the API project: on the PostgreSQL run, migrates one database to
 * the latest schema before any test file starts, and names it in KONTORA_TEST_PG_TEMPLATE
 * (the workers inherit the environment). Each test file then creates its database as a
 * copy of it (CREATE DATABASE … TEMPLATE) instead of running every migration again, which
 * took 2–4 s per file (decision 025). Made fresh on every run, so a new or changed migration
 * is always in it; dropped when the run ends, together with every test file's database of
 * the run (named after it in KONTORA_TEST_PG_RUN), which the files leave behind: a DROP
 * DATABASE waits for a checkpoint, and a few at once share one (decision 086).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (testDialect() !== 'postgres' || process.env[PG_TEMPLATE_ENV]) return undefined;
  const run = randomBytes(6).toString('hex');
  const name = `kontora_test_template_${run}`;
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
  process.env[PG_RUN_ENV] = run;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    delete process.env[PG_RUN_ENV];
    await dropRunDatabases(run);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

/** Drops the test files' databases of this run, a few at a time (their checkpoints coincide). */
async function dropRunDatabases(run: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let names: string[];
  try {
    // `_` is a LIKE wildcard: compare the prefix as text.
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1',
      [runDatabasePrefix(run)],
    );
    names = rows.map((row) => row.datname);
  } finally {
    await admin.end();
  }
  const queue = [...names];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await adminQuery(`DROP DATABASE IF EXISTS ${next} WITH (FORCE)`);
    }),
  );
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
