import type { CrmStats, CrmStatsQuery } from '@kontora/contract/crm-stats';
import { CUSTOMER_STATUSES } from '@kontora/contract/customers';
import {
  addDays,
  safeTimeZone,
  startOfZonedDay,
  startOfZonedWeek,
  zonedMidnight,
} from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import {
  customerCounts,
  recentCustomers,
  statusCountsCreatedBetween,
} from '../customers/list/customer-list.service.ts';
// The dashboard reads events the way the to-do list does; it reuses those queries rather than copying them.
import { countTodos, firstTodos, openTodoCounts } from '../events/events.service.ts';

/** The last 12 months as `YYYY-MM` (UTC), oldest first. */
export function lastTwelveMonths(now: Date): string[] {
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/** The months (`YYYY-MM`) from the one holding `from` to the one holding `to`, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
}

type Range = { from: string; to: string; startIso: string; endIso: string };

/**
 * Every figure comes from an index or the counters table, so the answer costs
 * the same at a hundred customers as at a million.
 */
export async function crmStats(
  ctx: AppContext,
  companyId: number,
  query: CrmStatsQuery = {},
  now = new Date(),
): Promise<CrmStats> {
  const tz = safeTimeZone(await companyTimeZone(ctx.db, companyId));
  // Both days included, from the company's midnights (the query schema has checked the order and span).
  const range: Range | null =
    query.from && query.to
      ? {
          from: query.from,
          to: query.to,
          startIso: zonedMidnight(query.from, tz),
          endIso: zonedMidnight(addDays(query.to, 1), tz),
        }
      : null;
  const inRange = range ? { from: range.startIso, to: range.endIso } : {};
  const nowIso = now.toISOString();
  const dayStart = startOfZonedDay(now, tz).toISOString();
  const dayEnd = startOfZonedDay(now, tz, 1).toISOString();
  const weekStart = startOfZonedWeek(now, tz);
  const weekEnd = startOfZonedDay(weekStart, tz, 7).toISOString();

  // Without a period the open and overdue figures come from the counters (migration 020);
  // a period needs the to-dos it overlaps, read from the index.
  const openAndOverdue = range
    ? Promise.all([
        countTodos(ctx, companyId, { done: false, ...inRange }),
        countTodos(ctx, companyId, { done: false, overBy: nowIso, ...inRange }),
      ]).then(([open, overdue]) => ({ open, overdue }))
    : openTodoCounts(ctx.db, companyId, nowIso);
  const [counts, createdInRange, { open, overdue }, dueToday, thisWeek, eventsInRange, upcoming, recent] =
    await Promise.all([
      customerCounts(ctx, companyId),
      range ? statusCountsCreatedBetween(ctx, companyId, range.startIso, range.endIso) : null,
      openAndOverdue,
      countTodos(ctx, companyId, { done: false, from: dayStart, to: dayEnd }),
      countTodos(ctx, companyId, { from: weekStart.toISOString(), to: weekEnd }),
      range ? countTodos(ctx, companyId, inRange) : null,
      firstTodos(ctx, companyId, { done: false, runningAfter: nowIso }, 5),
      recentCustomers(ctx, companyId, 5),
    ]);

  const byStatus = { lead: 0, prospect: 0, customer: 0, inactive: 0 };
  const byMonth = new Map<string, number>();
  for (const c of counts) {
    const n = Math.max(0, Number(c.n));
    if (c.dimension === 'status' && c.value in byStatus) byStatus[c.value as keyof typeof byStatus] = n;
    if (c.dimension === 'month') byMonth.set(c.value, n);
  }
  if (createdInRange) {
    // With a range, the status figures count only the customers created in it.
    for (const status of Object.keys(byStatus) as (keyof typeof byStatus)[]) byStatus[status] = 0;
    for (const row of createdInRange)
      if (row.status in byStatus) byStatus[row.status as keyof typeof byStatus] = Math.max(0, Number(row.n));
  }
  const months = range ? monthsBetween(range.from, range.to) : lastTwelveMonths(now);
  return {
    range: range ? { from: range.from, to: range.to } : null,
    customers: { total: CUSTOMER_STATUSES.reduce((sum, s) => sum + byStatus[s], 0), by_status: byStatus },
    new_customers_per_month: months.map((month) => ({
      month,
      count: byMonth.get(month) ?? 0,
    })),
    funnel: (['lead', 'prospect', 'customer'] as const).map((status) => ({
      status,
      count: byStatus[status],
    })),
    todos: { open, overdue, due_today: dueToday },
    events_this_week: thisWeek,
    events_in_range: eventsInRange,
    upcoming_events: upcoming,
    recent_customers: recent,
    time_zone: tz,
  };
}
