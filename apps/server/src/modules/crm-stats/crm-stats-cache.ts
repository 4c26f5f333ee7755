import type { CrmStatsQuery } from '@kontora/contract/crm-stats';
import { safeTimeZone, startOfZonedDay } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import { nextOpenEnd } from '../events/events.service.ts';
import { crmStats } from './crm-stats.service.ts';

/** The company's to-do and customer versions (0 before the first write of each). */
export async function crmVersions(db: Database, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('companies as co')
    .leftJoin('event_versions as ev', 'ev.company_id', 'co.id')
    .leftJoin('customer_versions as cv', 'cv.company_id', 'co.id')
    .select(['ev.version as events', 'cv.version as customers'])
    .where('co.id', '=', companyId)
    .executeTakeFirst();
  return `${row?.events ?? 0}.${row?.customers ?? 0}`;
}

/** Until when (ms) the clock leaves every figure of an answer computed at `now` as it is. */
async function validUntil(ctx: AppContext, companyId: number, now: Date): Promise<number> {
  const [tz, nextEnd] = await Promise.all([
    companyTimeZone(ctx.db, companyId),
    nextOpenEnd(ctx.db, companyId, now.toISOString()),
  ]);
  const utcMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const zoneMidnight = startOfZonedDay(now, safeTimeZone(tz), 1).getTime();
  return Math.min(utcMidnight, zoneMidnight, nextEnd === null ? Infinity : Date.parse(nextEnd));
}

/**
 * The CRM dashboard's answer (the serialised `{data}` JSON), kept under the
 * company's to-do and customer versions (migration 029, changed by triggers
 * in the transaction of every write; read before the figures, so a cached
 * answer is never older than the data, on any instance) and until the next
 * instant at which the clock alone changes a figure: the next end of an open
 * to-do (overdue, upcoming), the company's next midnight (due today, this
 * week) and the next UTC midnight (the months). Decision 026. The cache is the
 * app's (`ctx.caches.crmStats`).
 */
export async function crmStatsAnswer(
  ctx: AppContext,
  companyId: number,
  query: CrmStatsQuery,
  /** The request's `Cache-Control: no-cache`: computed now (and stored), whatever is cached. */
  fresh = false,
): Promise<string> {
  const key = `${companyId}:${await crmVersions(ctx.db, companyId)}?${JSON.stringify(query)}`;
  const now = new Date();
  const hit = fresh ? undefined : ctx.caches.crmStats.get(key);
  if (hit && now.getTime() < hit.until) return hit.body;
  const [stats, until] = await Promise.all([
    crmStats(ctx, companyId, query, now),
    validUntil(ctx, companyId, now),
  ]);
  const body = JSON.stringify({ data: stats });
  ctx.caches.crmStats.set(key, companyId, { body, until });
  return body;
}
