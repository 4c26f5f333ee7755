import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import { createAppCaches } from '../../apps/server/src/app-caches.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { adaptNodeSqlite } from '../../apps/server/src/db/sqlite-adapter.ts';
import { createClock } from '../../apps/server/src/lib/clock.ts';
import { listFields } from '../../apps/server/src/modules/custom-fields/custom-fields.service.ts';
import { fillOwnWords } from '../../apps/server/src/modules/custom-fields/own-words-filler.ts';
import { createCustomer } from '../../apps/server/src/modules/customers/customers.service.ts';
import { createBody, sampleValues } from './own-values-sample.ts';
import { seededCompany } from './seeded-company.ts';

/**
 * Where a create's CPU goes on SQLite, with and without 20 own values (decisions 089, 094):
 * the statements each runs, then CPU per create in alternating rounds, on a copy of a bench
 * database (OWN_DB, seeded by scripts/bench-custom-fields.ts). OWN_VARIANT_SQL is run on the
 * copy first (a storage variant to compare). OWN_FRAMES=1 counts the pages each kind of create
 * adds to the write-ahead log instead (decision 119); OWN_ONLY=plain|valued runs one kind only,
 * for a CPU profile. OWN_PACKED compares storages (decision 126): `rows` (default) writes the 20
 * values as today; `packed` carries them on the customer's row as JSON instead (`packedNotes`);
 * `words` adds an index of their words written by each create, `batched` the same index filled
 * every 200 creates.
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
// Made before any timing: what the values cost is the server's work, not the bench's.
const customs = sampleValues(fields);
const packed = process.env.OWN_PACKED ?? 'rows';
if (!['rows', 'packed', 'words', 'batched'].includes(packed)) throw new Error(`OWN_PACKED=${packed}?`);
const body = (values: boolean) =>
  createBody(`Cost ${n++}`, values ? (customs[n % customs.length] ?? {}) : undefined, packed, fields);
// The values' words, one token per (field, value): what a list would start from when few hold a
// value. `words`: written by each create (a trigger); `batched`: every WORDS_EVERY valued creates,
// the rows created since by one statement, its work counted as the valued creates'.
const tokens = `(select group_concat('f' || key || 'x' || hex(cast(value as text)), ' ') from json_each(new.notes))`;
if (packed === 'words' || packed === 'batched')
  raw.exec(
    `CREATE VIRTUAL TABLE own_value_words USING fts5(w, content='', contentless_delete=1, detail='none')`,
  );
if (packed === 'words')
  raw.exec(`CREATE TRIGGER own_value_words_ai AFTER INSERT ON customers WHEN new.notes LIKE '{%' BEGIN
    INSERT INTO own_value_words (rowid, w) VALUES (new.id, ${tokens}); END`);
const WORDS_EVERY = 200;
const indexWords =
  packed === 'batched'
    ? raw.prepare(
        `INSERT INTO own_value_words (rowid, w) SELECT new.id, ${tokens} FROM customers new WHERE new.id > ? AND new.notes LIKE '{%'`,
      )
    : undefined;
const topId = () => (raw.prepare('SELECT max(id) AS top FROM customers').get() as { top: number }).top;
let indexedTo = topId();
let unindexed = 0;
// The server's own words (rows): filled every WORDS_EVERY valued creates, counted as theirs.
const afterCreate = async (values: boolean) => {
  if (packed === 'rows' && values && ++unindexed >= WORDS_EVERY) {
    unindexed = 0;
    await fillOwnWords(db);
  }
  if (!indexWords || !values || ++unindexed < WORDS_EVERY) return;
  raw.exec('BEGIN');
  indexWords.run(indexedTo);
  indexedTo = topId();
  raw.exec('COMMIT');
  unindexed = 0;
};
for (const values of [false, true]) {
  log = [];
  await createCustomer(ctx, actor, body(values) as never);
  console.log(`\n${values ? 'with 20 values' : 'without values'}: ${log.length} statements`);
  for (const s of log) console.log(`  ${s}`);
  log = null;
}
const cpuOf = async (values: boolean, runs: number) => {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    await createCustomer(ctx, actor, body(values) as never);
    await afterCreate(values);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
};
await cpuOf(false, 30);
await cpuOf(true, 30);
// A log frame is a page's number in a 24-byte header, then the 4,096-byte page; the log starts
// with a 32-byte header. No checkpoint restarts the log while a kind of create runs.
const FRAME_BYTES = 4096 + 24;
/** How many log frames each b-tree (table or index) got from `runs` creates of the kind. */
async function framesByTree(values: boolean, runs: number): Promise<Map<string, number>> {
  raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  await cpuOf(values, runs);
  const log = readFileSync(`${copy}-wal`);
  const treeOf = new Map<number, string>();
  for (const r of raw.prepare('select name, pageno from dbstat').all() as { name: string; pageno: number }[])
    treeOf.set(r.pageno, r.name);
  const out = new Map<string, number>();
  for (let at = 32; at + FRAME_BYTES <= log.length; at += FRAME_BYTES) {
    const tree = treeOf.get(log.readUInt32BE(at)) ?? '(free or new)';
    out.set(tree, (out.get(tree) ?? 0) + 1);
  }
  return out;
}
if (process.env.OWN_FRAMES) {
  raw.exec('PRAGMA wal_autocheckpoint = 0');
  const runs = 300;
  const plainFrames = await framesByTree(false, runs);
  const valuedFrames = await framesByTree(true, runs);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0) / runs;
  console.log(
    `log pages per create: without ${total(plainFrames).toFixed(1)}, with 20 values ${total(valuedFrames).toFixed(1)}`,
  );
  const trees = [...new Set([...plainFrames.keys(), ...valuedFrames.keys()])];
  trees.sort((a, b) => (valuedFrames.get(b) ?? 0) - (valuedFrames.get(a) ?? 0));
  for (const tree of trees)
    console.log(
      `  ${((plainFrames.get(tree) ?? 0) / runs).toFixed(2).padStart(6)} ${((valuedFrames.get(tree) ?? 0) / runs).toFixed(2).padStart(6)}  ${tree}`,
    );
  process.exit(0);
}
// One kind only, many times: for a CPU profile (--cpu-prof) of that kind alone.
if (process.env.OWN_ONLY) {
  const valuedOnly = process.env.OWN_ONLY === 'valued';
  console.log(`${process.env.OWN_ONLY}: ${(await cpuOf(valuedOnly, 3000)).toFixed(3)} ms CPU per create`);
  await db.destroy();
  process.exit(0);
}
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
