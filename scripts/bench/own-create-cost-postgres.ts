import { sql } from 'kysely';
import { createAppCaches } from '../../apps/server/src/app-caches.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import { createDatabase } from '../../apps/server/src/db/database.ts';
import { createClock } from '../../apps/server/src/lib/clock.ts';
import { listFields } from '../../apps/server/src/modules/custom-fields/custom-fields.service.ts';
import { createCustomer } from '../../apps/server/src/modules/customers/customers.service.ts';
import { createBody, sampleValues } from './own-values-sample.ts';
import { benchPostgresUrl } from './postgres-database.ts';
import { seededCompany } from './seeded-company.ts';

/**
 * A create with 20 own values against one without on PostgreSQL, as stored today and as packed
 * on the record's row (decision 126), in the bench database of 20,000 customers
 * (`BENCH_CUSTOM_CUSTOMERS=20000 node scripts/bench-custom-fields.ts` seeds it; OWN_CUSTOMERS
 * names another size). OWN_PACKED: `rows` (default) writes the values as today; `packed` carries
 * them on the row as JSON (`packedNotes`); `gin` adds a GIN index of that JSON (`jsonb_path_ops`,
 * whose pending list defers the index's work). The index is dropped again at the end. Prints the
 * mean and median wall time of OWN_RUNS (default 400) alternating pairs: the database's work is
 * in its own process, which this process's CPU does not count.
 */
const url = await benchPostgresUrl(`kontora_bench_custom_${process.env.OWN_CUSTOMERS ?? 20000}`, false);
if (!url) throw new Error('no PostgreSQL server');
const { db } = createDatabase({ kind: 'postgres', url });
const packed = process.env.OWN_PACKED ?? 'rows';
if (!['rows', 'packed', 'gin'].includes(packed)) throw new Error(`OWN_PACKED=${packed}?`);
await sql`drop index if exists own_values_packed_gin`.execute(db);
if (packed === 'gin')
  await sql`create index own_values_packed_gin on customers using gin ((notes::jsonb) jsonb_path_ops)
    where notes like '{%'`.execute(db);
const found = await seededCompany(db, 'Custom Fields Bench Co');
if (!found) throw new Error('no bench company');
const actor = { companyId: found.companyId, userId: found.ownerId };
const ctx = { db, caches: createAppCaches(), clock: createClock() } as unknown as AppContext;
const fields = await listFields(db, actor.companyId, 'customer');
const customs = sampleValues(fields);
let n = 0;
const body = (values: boolean) =>
  createBody(`Cost ${n++}`, values ? (customs[n % customs.length] ?? {}) : undefined, packed, fields);
const runs = Number(process.env.OWN_RUNS ?? 400);
const times = { plain: [] as number[], valued: [] as number[] };
for (let i = -20; i < runs; i++) {
  for (const kind of ['plain', 'valued'] as const) {
    const start = performance.now();
    await createCustomer(ctx, actor, body(kind === 'valued') as never);
    if (i >= 0) times[kind].push(performance.now() - start);
  }
}
const mean = (a: number[]) => a.reduce((sum, x) => sum + x, 0) / a.length;
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;
const more = (f: (a: number[]) => number) =>
  `+${((f(times.valued) / f(times.plain) - 1) * 100).toFixed(0)} %`;
console.log(
  `${packed}: without values mean ${mean(times.plain).toFixed(2)} ms, median ${median(times.plain).toFixed(2)} ms;` +
    ` with 20 mean ${mean(times.valued).toFixed(2)} ms (${more(mean)}), median ${median(times.valued).toFixed(2)} ms (${more(median)})`,
);
await sql`drop index if exists own_values_packed_gin`.execute(db);
await db.destroy();
