import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { type Config, loadConfig } from '../config.ts';
import { createDatabase, type Database, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createJobs } from '../jobs/create-jobs.ts';
import type { JobDefinition } from '../jobs/define-job.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { createSchemaTestDatabase } from './test-database.ts';

export interface JobsHarness {
  config: Config;
  /** A separate connection (pool) per call, as a separate process would have. */
  connect(): { db: Database; dialect: Dialect };
  /** An engine (embedded unless `engine: 'bullmq'`) on its own connection, not started. */
  engine(overrides?: Partial<Config['jobs']>): Jobs & { db: Database };
  close(): Promise<void>;
}

/** One fresh database (an SQLite file, so several connections can share it, or a new PostgreSQL database). */
export async function createJobsHarness(overrides: Partial<Config['jobs']> = {}): Promise<JobsHarness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kontora-jobs-'));
  const created = await createSchemaTestDatabase();
  const database: Config['database'] =
    created.database.kind === 'sqlite'
      ? { kind: 'sqlite', file: path.join(dir, 'jobs.sqlite') }
      : created.database;
  const base = loadConfig(
    { DATA_DIR: dir, LOG_LEVEL: 'silent', SECRET_KEY: 'k'.repeat(64) },
    { database, redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  );
  const config: Config = {
    ...base,
    jobs: { ...base.jobs, pollMs: 20, leaseMs: 2_000, backoffScale: 0.001, ...overrides },
  };
  const log = Fastify({ logger: false }).log;
  const opened: { db: Database; jobs?: Jobs }[] = [];
  const connect = () => {
    const c = createDatabase(database);
    opened.push({ db: c.db });
    return c;
  };
  const first = connect();
  await migrateToLatest(first.db);
  return {
    config,
    connect,
    engine(jobOverrides = {}) {
      const { db, dialect } = connect();
      const jobs = createJobs({
        db,
        dialect,
        config: { ...config, jobs: { ...config.jobs, ...jobOverrides } },
        log,
      });
      const entry = opened.at(-1);
      if (entry) entry.jobs = jobs;
      return Object.assign(jobs, { db });
    },
    async close() {
      for (const o of opened) await o.jobs?.stop(0);
      for (const o of opened) await o.db.destroy();
      await created.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `what` every 10 ms until it answers something truthy (and returns that). */
export async function until<T>(what: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Enqueues `rolledBack` in a transaction that rolls back, then `committed` in one
 * that commits, on a started engine; answers the committed job's id.
 */
export async function enqueueRolledBackAndCommitted<P>(
  jobs: Jobs & { db: Database },
  definition: JobDefinition,
  rolledBack: P,
  committed: P,
): Promise<string> {
  await jobs.db
    .transaction()
    .execute(async (trx) => {
      await jobs.enqueue(trx, definition, rolledBack);
      throw new Error('roll back');
    })
    .catch(() => {});
  return jobs.db.transaction().execute((trx) => jobs.enqueue(trx, definition, committed));
}
