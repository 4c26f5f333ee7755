import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * The dashboard's counters — `customer_counts` (migration 002) and
 * `event_counts` (migration 020) — are kept by triggers in the same
 * transaction as each change. This rebuilds them from the tables: after a
 * bulk load that set the triggers aside, and nightly as a repair path for
 * writes made outside the application (manual SQL, a restored backup). It
 * also moves every company's `event_versions` and `customer_versions` on, so
 * that no answer cached before such writes is served after them.
 */
export async function recountCrmCounters(db: Database): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const prefix = (column: string, length: 7 | 10): RawBuilder<string> =>
    pg
      ? sql.raw(`to_char(${column} at time zone 'UTC', '${length === 7 ? 'YYYY-MM' : 'YYYY-MM-DD'}')`)
      : sql.raw(`substr(${column}, 1, ${length})`);
  await crossCompany(db, 'rebuilds every company’s dashboard counters from the tables')
    .transaction()
    .execute(async (trx) => {
      // The counted tables are locked first on PostgreSQL, so no change lands between the count and the swap.
      if (pg) await sql`lock table customers, events in share mode`.execute(trx);
      await trx.deleteFrom('customer_counts').execute();
      // Rows of an import not yet applied are not counted until its flip (decisions 098, 104).
      const counted = sql`(import_id is null or import_id not in (select id from csv_imports where state = 'applying'))`;
      await sql`insert into customer_counts (company_id, dimension, value, n)
        select company_id, 'status', status, count(*) from customers where ${counted}
        group by company_id, status`.execute(trx);
      await sql`insert into customer_counts (company_id, dimension, value, n)
        select company_id, 'month', ${prefix('created_at', 7)}, count(*) from customers where ${counted}
        group by 1, 3`.execute(trx);
      await trx.deleteFrom('event_counts').execute();
      await sql`insert into event_counts (company_id, day, n_open)
        select company_id, ${prefix('until_at', 10)}, count(*) from events where not done and ${counted}
        group by 1, 2`.execute(trx);
      // Rows written with the triggers set aside: every company's cached answers are old now.
      for (const table of ['event_versions', 'customer_versions']) {
        await sql
          .raw(`insert into ${table} (company_id, version) select id, 1 from companies
            where true on conflict (company_id) do update set version = ${table}.version + 1`)
          .execute(trx);
      }
    });
}

export const recountCrmCountersJob = defineJob('crm.recount_counters', z.object({}), { maxAttempts: 3 });

export function registerCrmCounterJobs(ctx: AppContext): void {
  ctx.jobs.handle(recountCrmCountersJob, () => recountCrmCounters(ctx.db));
  // Nightly, at a quiet hour: the triggers keep the counters right; this only repairs outside writes.
  ctx.jobs.repeat(recountCrmCountersJob, '17 3 * * *', {});
}
