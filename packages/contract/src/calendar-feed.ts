import { z } from 'zod';
import { CALENDAR_FEED_SCOPES } from './event-values.ts';

/**
 * A person's private iCalendar (RFC 5545) feed of the company's to-dos,
 * `/api/companies/{companyId}/calendar-feed` (decision 018). The address holds
 * a secret token; creating the feed again gives a new address and the old one
 * stops working.
 */
export { CALENDAR_FEED_SCOPES, type CalendarFeedScope } from './event-values.ts';

export const CalendarFeedBody = z
  .object({
    /** All of the company's to-dos, or only those assigned to the caller (default). */
    scope: z.enum(CALENDAR_FEED_SCOPES, { error: 'invalid_scope' }).default('mine'),
  })
  .strict();
export type CalendarFeedBody = z.output<typeof CalendarFeedBody>;
export type CalendarFeedInput = z.input<typeof CalendarFeedBody>;

export const CalendarFeed = z.object({
  enabled: z.boolean(),
  /** The secret address (`text/calendar`); null when the feed is off. */
  url: z.string().nullable(),
  scope: z.enum(CALENDAR_FEED_SCOPES).nullable(),
  created_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;
