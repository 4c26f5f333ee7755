import type { CrmStats } from '@kontora/contract/crm-stats';
import { CUSTOMER_STATUSES } from '@kontora/contract/customers';
import { safeTimeZone, startOfZonedDay, startOfZonedWeek } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import { customerCounts, recentCustomers } from '../customers/customer-list.service.ts';
import { openTodoCounts } from '../events/event-counts.repository.ts';
// The dashboard reads events the way the to-do list does; it reuses those queries rather than copying them.
import { countTodos, firstTodos } from '../events/events.service.ts';

/** The last 12 months as `YYYY-MM` (UTC), oldest first. */
export function lastTwelveMonths(now: Date): string[] {
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * Every figure comes from an index or the counters table, so the answer costs
 * the same at a hundred customers as at a million.
 */
export async function crmStats(ctx: AppContext, companyId: number, now = new Date()): Promise<CrmStats> {
  const tz = safeTimeZone(await companyTimeZone(ctx.db, companyId));
  const nowIso = now.toISOString();
  const dayStart = startOfZonedDay(now, tz).toISOString();
  const dayEnd = startOfZonedDay(now, tz, 1).toISOString();
  const weekStart = startOfZonedWeek(now, tz);
  const weekEnd = startOfZonedDay(weekStart, tz, 7).toISOString();

  const [counts, { open, overdue }, dueToday, thisWeek, upcoming, recent] = await Promise.all([
    customerCounts(ctx, companyId),
    openTodoCounts(ctx.db, companyId, nowIso),
    countTodos(ctx, companyId, { done: false, from: dayStart, to: dayEnd }),
    countTodos(ctx, companyId, { from: weekStart.toISOString(), to: weekEnd }),
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
  return {
    customers: { total: CUSTOMER_STATUSES.reduce((sum, s) => sum + byStatus[s], 0), by_status: byStatus },
    new_customers_per_month: lastTwelveMonths(now).map((month) => ({
      month,
      count: byMonth.get(month) ?? 0,
    })),
    funnel: (['lead', 'prospect', 'customer'] as const).map((status) => ({
      status,
      count: byStatus[status],
    })),
    todos: { open, overdue, due_today: dueToday },
    events_this_week: thisWeek,
    upcoming_events: upcoming,
    recent_customers: recent,
    time_zone: tz,
  };
}
