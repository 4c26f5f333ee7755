import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { JobRun } from '../apps/server/src/jobs/jobs.ts';
import { insertScan } from '../apps/server/src/modules/customers/duplicates/customer-duplicate-scan.repository.ts';
import { runDuplicateScan } from '../apps/server/src/modules/customers/duplicates/customer-duplicate-scan.service.ts';
import { findDuplicates } from '../apps/server/src/modules/customers/duplicates/customer-duplicates.service.ts';

/**
 * Duplicates (decision 019): a duplicate warning's lookups (p50/p99) and the company-wide scan job,
 * on an already seeded database (`npm run seed:bulk`, or bench-crm's data/bench): the SQLite file
 * in BENCH_DUP_SQLITE (default data/bench/kontora.sqlite) and, when set, BENCH_DUP_PG (a URL).
 */
const repoRoot = path.resolve(import.meta.dirname, '..');

async function benchOne(label: string, database: Config['database']): Promise<void> {
  const { db } = createDatabase(database);
  try {
    await migrateToLatest(db);
    const top = await sql<{ company_id: number; n: number }>`
      select company_id, count(*) as n from customers group by company_id order by n desc limit 1`.execute(
      db,
    );
    const company = top.rows[0];
    if (!company) return console.log(`${label}: no customers, skipped`);
    const ctx = { db } as unknown as AppContext;
    const samples = (
      await sql<{ name: string; email: string | null; phone: string | null; address: string | null }>`
        select name, email, phone, address from customers where company_id = ${company.company_id}
        and id % 997 = 0 limit 200`.execute(db)
    ).rows;
    const times: number[] = [];
    for (const s of samples) {
      const started = performance.now();
      await findDuplicates(ctx, company.company_id, {
        name: s.name,
        email: s.email ?? undefined,
        phone: s.phone ?? undefined,
        address: s.address ?? undefined,
      });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2);
    console.log(
      `${label}: ${Number(company.n).toLocaleString('en')} customers; duplicate warning p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${times.length} lookups)`,
    );
    const scanId = await insertScan(db, company.company_id, 0, new Date().toISOString());
    const job: JobRun = {
      id: 'bench',
      name: 'customers.duplicate_scan',
      attempt: 1,
      maxAttempts: 1,
      signal: new AbortController().signal,
      progress: async () => {},
    };
    const started = performance.now();
    await runDuplicateScan(ctx, { company_id: company.company_id, scan_id: scanId }, job);
    const groups = await db
      .selectFrom('customer_duplicate_scans')
      .select('group_count')
      .where('company_id', '=', company.company_id)
      .where('id', '=', scanId)
      .executeTakeFirst();
    console.log(
      `${label}: duplicate scan of the whole company ${((performance.now() - started) / 1000).toFixed(1)} s, ${groups?.group_count ?? 0} groups kept (target < 60 s)`,
    );
  } finally {
    await db.destroy();
  }
}

export async function benchDuplicates(): Promise<void> {
  const file = process.env.BENCH_DUP_SQLITE ?? path.join(repoRoot, 'data/bench/kontora.sqlite');
  if (existsSync(file)) await benchOne('SQLite', { kind: 'sqlite', file });
  if (process.env.BENCH_DUP_PG)
    await benchOne('PostgreSQL', { kind: 'postgres', url: process.env.BENCH_DUP_PG });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDuplicates();
