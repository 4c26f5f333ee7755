import { rmSync } from 'node:fs';
import path from 'node:path';
import { CustomerCreateBody } from '@kontora/contract/customers';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createCustomer, updateCustomer } from '../apps/server/src/modules/customers/customers.service.ts';
import { createActiveUser, createCompanyWith } from '../apps/server/src/seed/accounts.seed.ts';

/**
 * Decision 009: the cost the change-feed entry adds to a customer update (target:
 * under 10 %). Times the whole update service call (read, checks, the
 * transaction with UPDATE, timeline entry and feed entry, read back) one at a
 * time, with the feed write on and off alternating update by update, so that
 * drift and the other processes on the machine hit both alike; the medians
 * leave the spikes out.
 * Without HTTP in the denominator the share is larger than a client would see.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const CUSTOMERS = 500;
/** Updates timed each way (with and without the feed), after as many again to warm up. */
const UPDATES = Number(process.env.BENCH_FEED_UPDATES ?? 1500);

async function open(
  database: Config['database'],
): Promise<{ app: FastifyInstance; ctx: AppContext; close: () => Promise<void> }> {
  const config = loadConfig(
    { DATA_DIR: path.join(repoRoot, 'data/bench'), LOG_LEVEL: 'silent', SECRET_KEY: 'b'.repeat(64) },
    { database, seedDemo: false },
  );
  const { app, ctx } = await buildApp(config, { logger: false });
  await migrateToLatest(ctx.db);
  await app.ready();
  return { app, ctx, close: () => app.close() };
}

/** Microseconds per update: wall clock, and this process's CPU (SQLite runs in it; a busy machine inflates wall time). */
interface Timing {
  wall: number;
  cpu: number;
}
type Pair = { without: Timing; with: Timing };
/** How an update is made: the service function alone, or the whole PATCH request (in process, no network). */
type Via = 'service' | 'request';
const VIAS: Via[] = ['service', 'request'];

async function timeUpdates(database: Config['database']): Promise<Record<Via, Pair>> {
  const { app, ctx, close } = await open(database);
  try {
    const password = 'bench-feed-password-2026';
    const userId = await createActiveUser(ctx.db, {
      email: 'bench-feed@example.com',
      full_name: 'Bench Feed',
      password,
    });
    const companyId = await createCompanyWith(ctx.db, { name: 'Feed Bench', modules: [2] }, [
      { userId, role: 'owner' },
    ]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'bench-feed@example.com', password },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const actor = { companyId, userId };
    const versions = new Map<number, number>();
    for (let i = 0; i < CUSTOMERS; i++) {
      const body = CustomerCreateBody.parse({ name: `Customer ${i}`, email: `c${i}@example.com` });
      const c = await createCustomer(ctx, actor, body);
      versions.set(c.id, c.version);
    }
    const ids = [...versions.keys()];
    let n = 0;
    const update = async (via: Via, id: number, version: number): Promise<number> => {
      const body = { version, notes: `update ${n}` };
      if (via === 'service') return (await updateCustomer(ctx, actor, id, body)).version;
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/companies/${companyId}/customers/${id}`,
        payload: body,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`PATCH answered ${res.statusCode}: ${res.body}`);
      return res.json().data.version;
    };
    /** One update with the feed on or off, timed on both clocks. */
    const timeOne = async (via: Via, feed: boolean): Promise<Timing> => {
      ctx.benchOnlyChangeFeed.enabled = feed;
      const id = ids[n++ % ids.length] as number;
      const cpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      versions.set(id, await update(via, id, versions.get(id) as number));
      const wall = Number(process.hrtime.bigint() - started) / 1e3;
      const used = process.cpuUsage(cpu);
      return { wall, cpu: used.user + used.system };
    };
    const result = {} as Record<Via, Pair>;
    for (const via of VIAS) {
      for (let i = 0; i < UPDATES; i++) await timeOne(via, i % 2 === 0); // warm-up: caches, JIT, buffers
      const without: Timing[] = [];
      const withFeed: Timing[] = [];
      // Updates with and without the feed alternate one by one (in a random order per pair), so
      // whatever else the machine does at a moment falls on both alike; medians ignore the spikes.
      for (let pair = 0; pair < UPDATES; pair++) {
        const order = Math.random() < 0.5 ? [false, true] : [true, false];
        for (const feed of order) (feed ? withFeed : without).push(await timeOne(via, feed));
      }
      result[via] = { without: median(without), with: median(withFeed) };
    }
    return result;
  } finally {
    ctx.benchOnlyChangeFeed.enabled = true;
    await close();
  }
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const median = (ts: Timing[]): Timing => ({
  wall: middle(ts.map((t) => t.wall)),
  cpu: middle(ts.map((t) => t.cpu)),
});

async function withPostgres<T>(work: (url: string) => Promise<T>): Promise<T | undefined> {
  const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kontora_bench_feed_${process.pid}`; // per process: helpers on one machine may bench at once
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } catch {
    return undefined;
  }
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    // The pool's end() resolves before its connections are gone; a forced drop would kill them mid-close.
    for (let waited = 0; waited < 5000; waited += 50) {
      const { rows } = await admin.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

export async function benchChangeFeed(): Promise<void> {
  const file = path.join(repoRoot, 'data/bench/change-feed.sqlite');
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const rows: [string, Record<Via, Pair> | undefined][] = [
    ['SQLite (file, WAL)', await timeUpdates({ kind: 'sqlite', file })],
    ['PostgreSQL', await withPostgres((url) => timeUpdates({ kind: 'postgres', url }))],
  ];
  console.log(
    `\nChange feed: cost added to a customer update (sequential; median of ${UPDATES} updates each way, interleaved; target < 10 %)`,
  );
  console.log('| database | update made by | clock | without feed µs | with feed µs | added |');
  console.log('|---|---|---|---:|---:|---:|');
  for (const [label, result] of rows) {
    if (!result) {
      console.log(`| ${label} | skipped (no server) | | | | |`);
      continue;
    }
    for (const via of VIAS) {
      const { without, with: withFeed } = result[via];
      const line = (clock: string, a: number, b: number) =>
        console.log(
          `| ${label} | ${via} | ${clock} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(((b - a) / a) * 100).toFixed(1)} % |`,
        );
      line('wall', without.wall, withFeed.wall);
      // The PostgreSQL server's work is not in this process's CPU time: only wall time says anything there.
      if (label.startsWith('SQLite')) line('CPU', without.cpu, withFeed.cpu);
    }
  }
}

if (import.meta.main) await benchChangeFeed();
