import { z } from 'zod';
import { CustomerStatus, CustomerType } from './customers.ts';
import { TodoEvent } from './events.ts';

/** `GET /api/companies/{companyId}/crm/stats`: the CRM dashboard's figures. */

export const CustomerSummary = z.object({
  id: z.number(),
  name: z.string(),
  type: CustomerType,
  status: CustomerStatus,
  email: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

const Count = z.number().int().min(0);

/** The longest custom range the dashboard counts over, in days (two years). */
export const CRM_STATS_MAX_DAYS = 731;

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'Not a date.',
  );

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`: both days included, in the company's time
 * zone; both or neither (neither: every figure as of now, over all time).
 */
export const CrmStatsQuery = z
  .object({ from: Day.optional(), to: Day.optional() })
  .superRefine((range, ctx) => {
    if (!range.from !== !range.to) {
      ctx.addIssue({
        code: 'custom',
        path: [range.from ? 'to' : 'from'],
        message: 'Give both ends of the range.',
      });
      return;
    }
    if (!range.from || !range.to) return;
    const days = dayNumber(range.to) - dayNumber(range.from);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range ends before it starts.' });
    else if (days >= CRM_STATS_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A range is at most ${CRM_STATS_MAX_DAYS} days.`,
      });
  });
export type CrmStatsQuery = z.infer<typeof CrmStatsQuery>;

export const CrmStats = z.object({
  /** The range asked for; null when the figures are over all time. */
  range: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** With a range: customers created in it (by their status now); else all customers. */
  customers: z.object({
    total: Count,
    by_status: z.object({ lead: Count, prospect: Count, customer: Count, inactive: Count }),
  }),
  /**
   * The last 12 calendar months (UTC), oldest first, including the current one;
   * with a range, the months it touches. `month` is `YYYY-MM`.
   */
  new_customers_per_month: z.array(z.object({ month: z.string(), count: Count })),
  /** Lead → prospect → customer. */
  funnel: z.array(z.object({ status: CustomerStatus, count: Count })),
  /** With a range, open and overdue count to-dos overlapping it; due today is always today. */
  todos: z.object({
    /** Not done. */
    open: Count,
    /** Not done and already over. */
    overdue: Count,
    /** Open and overlapping today (company time zone). */
    due_today: Count,
  }),
  /** Events (done or not) overlapping the current week, Monday to Monday in the company's time zone. */
  events_this_week: Count,
  /** Events (done or not) overlapping the range; null without one. */
  events_in_range: Count.nullable(),
  /** The next five open events that are not over yet. */
  upcoming_events: z.array(TodoEvent),
  /** The five newest customers. */
  recent_customers: z.array(CustomerSummary),
  /** The company's time zone the day and week boundaries were taken in. */
  time_zone: z.string(),
});
export type CrmStats = z.infer<typeof CrmStats>;
