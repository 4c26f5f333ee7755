import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../config.ts';

/** Server used by the PostgreSQL run of the API suite; each test file gets its own database on it. */
export const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * A PostgreSQL database already migrated to the latest schema, made once per run of the
 * API suite (test-support/pg-template.global-setup.ts): copying it costs a fraction of
 * running every migration again in each test file.
 */
export const PG_TEMPLATE_ENV = 'KONTORA_TEST_PG_TEMPLATE';

/**
 * Set by the same global setup: the run's id, which every test database of the run carries
 * in its name (`kontora_test_<run>_…`). Such a database is left when its file ends and dropped
 * with the others when the run ends (decision 086): PostgreSQL 15 makes every DROP DATABASE
 * wait for a checkpoint of the whole server, which a file would otherwise wait for at its end.
 */
export const PG_RUN_ENV = 'KONTORA_TEST_PG_RUN';

/** The name prefix of the test databases of this run. */
export const runDatabasePrefix = (run: string) => `kontora_test_${run}_`;

export type TestDatabase = { database: Config['database']; drop: () => Promise<void> };

/** A fresh, empty database for one test file, and how to drop it afterwards. */
export function createTestDatabase(dialect = testDialect()): Promise<TestDatabase> {
  return createDatabaseFrom(dialect, undefined);
}

/**
 * A fresh database for one test file that may already hold the latest schema (a copy of
 * the run's migrated template, when there is one); callers still migrate to latest, which
 * is then a quick no-op. SQLite in memory starts empty.
 */
export function createSchemaTestDatabase(dialect = testDialect()): Promise<TestDatabase> {
  return createDatabaseFrom(dialect, process.env[PG_TEMPLATE_ENV] || undefined);
}

async function createDatabaseFrom(
  dialect: 'sqlite' | 'postgres',
  template: string | undefined,
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    return { database: { kind: 'sqlite', file: ':memory:' }, drop: async () => {} };
  }
  const run = process.env[PG_RUN_ENV];
  const name = `${run ? runDatabasePrefix(run) : 'kontora_test_'}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // A test database is thrown away: its commits need not wait for the WAL to reach the
  // disk (only a crash of PostgreSQL itself could lose them). Halved the PostgreSQL
  // files' test time (decision 069); what each statement does is unchanged.
  url.searchParams.set('options', '-c synchronous_commit=off');
  return {
    database: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      // Dropped with the run's other databases when it ends (pg-template.global-setup.ts).
      if (run) return;
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      // pg-pool's end() resolves before its connections have finished closing; a
      // forced drop would kill them mid-close and their error would surface as an
      // unhandled one. Wait (briefly) for them to go, force only what lingers.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await client.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
