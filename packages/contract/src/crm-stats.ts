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

export const CrmStats = z.object({
  customers: z.object({
    total: Count,
    by_status: z.object({ lead: Count, prospect: Count, customer: Count, inactive: Count }),
  }),
  /** The last 12 calendar months (UTC), oldest first, including the current one; `month` is `YYYY-MM`. */
  new_customers_per_month: z.array(z.object({ month: z.string(), count: Count })),
  /** Lead → prospect → customer. */
  funnel: z.array(z.object({ status: CustomerStatus, count: Count })),
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
  /** The next five open events that are not over yet. */
  upcoming_events: z.array(TodoEvent),
  /** The five newest customers. */
  recent_customers: z.array(CustomerSummary),
  /** The company's time zone the day and week boundaries were taken in. */
  time_zone: z.string(),
});
export type CrmStats = z.infer<typeof CrmStats>;
