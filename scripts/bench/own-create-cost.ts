import { copyFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import { createAppCaches } from '../../apps/server/src/app-caches.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { adaptNodeSqlite } from '../../apps/server/src/db/sqlite-adapter.ts';
import { createClock } from '../../apps/server/src/lib/clock.ts';
import { listFields } from '../../apps/server/src/modules/custom-fields/custom-fields.service.ts';
import { createCustomer } from '../../apps/server/src/modules/customers/customers.service.ts';
import { seededRandom } from '../../apps/server/src/test-support/seeded-random.ts';
import { seededCompany } from './seeded-company.ts';

/**
 * Where a create's CPU goes on SQLite, with and without 20 own values (decisions 089, 094):
 * the statements each runs, then CPU per create in alternating rounds, on a copy of a bench
 * database (OWN_DB, seeded by scripts/bench-custom-fields.ts). OWN_VARIANT_SQL is run on the
 * copy first (a storage variant to compare).
 */
const source = process.env.OWN_DB ?? 'data/bench/custom-fields-20000.sqlite';
const copy = '/tmp/own-create-cost.sqlite';
for (const s of ['', '-wal', '-shm']) rmSync(copy + s, { force: true });
{
  const src = new DatabaseSync(source);
  src.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  src.close();
}
copyFileSync(source, copy);
const raw = new DatabaseSync(copy);
raw.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;
  PRAGMA busy_timeout = 5000; PRAGMA cache_size = -64000; PRAGMA temp_store = MEMORY;`);
let log: string[] | null = null;
/** Each statement's durations (ms) by its first words, per kind of create, while `timing` names one. */
let timing: string | null = null;
const durations = new Map<string, number[]>();
const db = new Kysely({
  dialect: new SqliteDialect({ database: adaptNodeSqlite(raw) }),
  log: (e) => {
    if (log) log.push(e.query.sql.slice(0, 160));
    if (timing) {
      const name = `${timing} ${e.query.sql.replace(/\s+/g, ' ').slice(0, 48)}`;
      durations.set(name, [...(durations.get(name) ?? []), e.queryDurationMillis]);
    }
  },
}) as unknown as Database;
await migrateToLatest(db);
if (process.env.OWN_VARIANT_SQL) raw.exec(process.env.OWN_VARIANT_SQL);
const found = await seededCompany(db, 'Custom Fields Bench Co');
if (!found) throw new Error('no bench company');
const actor = { companyId: found.companyId, userId: found.ownerId };
const ctx = {
  db,
  caches: createAppCaches(),
  clock: createClock(),
  benchOnlyChangeFeed: { enabled: true },
} as unknown as AppContext;
const fields = await listFields(db, actor.companyId, 'customer');
let n = 0;
const rand = seededRandom(7);
const custom = () =>
  Object.fromEntries(
    fields.map((f) => {
      switch (f.type) {
        case 'single_select':
          return [f.key, ['retail', 'tech', 'health', 'media'][Math.floor(rand() * 4)]];
        case 'number':
          return [f.key, Math.floor(rand() * 100_000)];
        case 'text':
          return [f.key, `word ${Math.floor(rand() * 50_000)}`];
        case 'date':
          return [f.key, `2021-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`];
        default:
          return [f.key, rand() < 0.5];
      }
    }),
  );
const body = (values: boolean) => ({
  type: 'person' as const,
  name: `Cost ${n++}`,
  status: 'lead' as const,
  tags: [],
  ...(values ? { custom: custom() } : {}),
});
for (const values of [false, true]) {
  log = [];
  await createCustomer(ctx, actor, body(values) as never);
  console.log(`\n${values ? 'with 20 values' : 'without values'}: ${log.length} statements`);
  for (const s of log) console.log(`  ${s}`);
  log = null;
}
const cpuOf = async (values: boolean, runs: number) => {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await createCustomer(ctx, actor, body(values) as never);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
};
await cpuOf(false, 30);
await cpuOf(true, 30);
// Alternating create by create, so the machine's changing load falls on both alike.
const rounds = Number(process.env.OWN_ROUNDS ?? 6);
const plain: number[] = [];
const valued: number[] = [];
for (let i = 0; i < rounds; i++) {
  let p = 0;
  let v = 0;
  for (let k = 0; k < 100; k++) {
    timing = 'plain ';
    p += await cpuOf(false, 1);
    timing = 'valued';
    v += await cpuOf(true, 1);
    timing = null;
  }
  plain.push(p / 100);
  valued.push(v / 100);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;
console.log(`\nCPU per create (ms), ${rounds} alternating rounds of 100:`);
console.log(`  without: ${plain.map((v) => v.toFixed(2)).join(' ')}  median ${med(plain).toFixed(2)}`);
console.log(`  with 20: ${valued.map((v) => v.toFixed(2)).join(' ')}  median ${med(valued).toFixed(2)}`);
console.log(`  extra: +${((med(valued) / med(plain) - 1) * 100).toFixed(0)} %`);
console.log('\nStatement median ms (count):');
for (const [name, list] of [...durations].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`  ${med(list).toFixed(3)}  (${list.length})  ${name}`);
await db.destroy();
