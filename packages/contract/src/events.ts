import { z } from 'zod';
import {
  EVENT_FILTERS,
  EVENT_LIMITS,
  EVENT_PRIORITIES,
  EVENT_TYPES,
  type EventPriority as EventPriorityValue,
  type EventType as EventTypeValue,
} from './event-values.ts';
import { Cursor, DateTimeInput, Id, OptionalText, SingleLine } from './fields.ts';
import { Recurrence, Reminders } from './recurrence.ts';

/**
 * To-do events, `/api/companies/{companyId}/events`: the to-do list and the
 * calendar show the same records (docs/product.md §6–§7).
 *
 * Times are instants (ISO-8601 with an offset, answered in UTC). An event
 * without `end_at` is a point in time (a task due then); an all-day event
 * without `end_at` covers the one day from `start_at`. `end_at` is exclusive.
 */

export {
  EVENT_FILTERS,
  EVENT_LIMITS,
  EVENT_PRIORITIES,
  EVENT_TYPES,
  type EventFilter,
} from './event-values.ts';

export type EventType = EventTypeValue;
export type EventPriority = EventPriorityValue;
export const EventType = z.enum(EVENT_TYPES, { error: 'invalid_type' });
export const EventPriority = z.enum(EVENT_PRIORITIES, { error: 'invalid_priority' });

const RecordId = z.number({ error: 'invalid_id' }).int().positive().max(2_147_483_647);

const eventFields = {
  title: SingleLine(EVENT_LIMITS.titleMax).min(1, { error: 'required' }),
  description: OptionalText(EVENT_LIMITS.descriptionMax, { multiline: true }),
  type: EventType,
  start_at: DateTimeInput,
  /** Exclusive end; at or after `start_at`. */
  end_at: DateTimeInput.nullable(),
  all_day: z.boolean(),
  priority: EventPriority,
  /** A member of the company, or null. */
  assignee_id: RecordId.nullable(),
  /** A customer of the company, or null. */
  customer_id: RecordId.nullable(),
  /** A deal of the company the to-do belongs to, or null. */
  deal_id: RecordId.nullable(),
  /** Remind this many minutes before the start; null for no reminder. */
  reminder_minutes: z
    .number()
    .int()
    .min(0)
    .max(EVENT_LIMITS.reminderMaxMinutes, { error: 'too_large' })
    .nullable(),
  location: OptionalText(EVENT_LIMITS.locationMax),
  /** RFC 5545 RRULE (without DTSTART), repeating from `start_at` in the company's zone; null: once. */
  recurrence: Recurrence.nullable(),
  /** Minutes before the start at which the assignee is reminded (`reminder_minutes` is the first). */
  reminders: Reminders,
};

/** The end may not come before the start (`end_before_start` on `end_at`). */
export function eventTimeProblem(startAt: string, endAt: string | null | undefined): string | null {
  return endAt && endAt < startAt ? 'end_before_start' : null;
}

export const EventCreateBody = z
  .object({
    ...eventFields,
    description: eventFields.description.optional(),
    type: EventType.default('task'),
    end_at: eventFields.end_at.optional(),
    all_day: z.boolean().default(false),
    priority: EventPriority.default('normal'),
    assignee_id: eventFields.assignee_id.optional(),
    customer_id: eventFields.customer_id.optional(),
    deal_id: eventFields.deal_id.optional(),
    reminder_minutes: eventFields.reminder_minutes.optional(),
    location: eventFields.location.optional(),
    recurrence: eventFields.recurrence.optional(),
    reminders: eventFields.reminders.optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    const problem = eventTimeProblem(e.start_at, e.end_at);
    if (problem) ctx.addIssue({ code: 'custom', path: ['end_at'], message: problem });
  });
export type EventCreateBody = z.output<typeof EventCreateBody>;
export type EventCreateInput = z.input<typeof EventCreateBody>;

/**
 * Any subset of the fields (a move or resize sends `start_at`, `end_at`, `all_day`).
 * `version`, when sent, must be the current one (else 409 `stale_update`).
 * Done and undone have their own calls: `POST`/`DELETE …/events/{id}/done`.
 */
export const EventUpdateBody = z
  .object({ ...eventFields, version: z.number().int().min(1) })
  .partial()
  .strict();
export type EventUpdateBody = z.output<typeof EventUpdateBody>;
export type EventUpdateInput = z.input<typeof EventUpdateBody>;

export const TodoEvent = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  type: EventType,
  start_at: z.string(),
  end_at: z.string().nullable(),
  all_day: z.boolean(),
  done: z.boolean(),
  completed_at: z.string().nullable(),
  priority: EventPriority,
  assignee_id: z.number().nullable(),
  assignee_name: z.string().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  deal_id: z.number().nullable(),
  deal_title: z.string().nullable(),
  reminder_minutes: z.number().nullable(),
  location: z.string().nullable(),
  recurrence: z.string().nullable(),
  reminders: z.array(z.number()),
  /** For an occurrence of a series: its original start (what `?occurrence=` names); else null. */
  occurrence_start: z.string().nullable(),
  /** `<id>` for a single to-do, `<id>:<occurrence_start>` for an occurrence. */
  occurrence_id: z.string(),
  version: z.number(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TodoEvent = z.infer<typeof TodoEvent>;

const EventFilterList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(EVENT_FILTERS, { error: 'invalid_filter' })).max(EVENT_FILTERS.length));

/** The to-do list's filters, which its export takes too. */
const eventFilters = {
  /** With `to`: events overlapping [from, to). Either may be given alone. */
  from: DateTimeInput.optional(),
  to: DateTimeInput.optional(),
  filter: EventFilterList.optional(),
  customer_id: Id.optional(),
  /** The to-dos of one deal. */
  deal_id: Id.optional(),
  assignee_id: Id.optional(),
};

export const EventListQuery = z
  .object({
    ...eventFilters,
    /** Order by start time. */
    dir: z.enum(['asc', 'desc']).default('asc'),
    cursor: Cursor(500).optional(),
    limit: z.coerce.number().int().min(1).max(EVENT_LIMITS.pageMax).default(EVENT_LIMITS.pageDefault),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'end_before_start' });
  });
export type EventListQuery = z.output<typeof EventListQuery>;

/**
 * `GET …/events/export`: the to-dos of the list's filters as CSV (a series as one row with its
 * rule), in start order; the columns the to-do import reads back under the same headers.
 */
export const EventExportQuery = z.object(eventFilters).strict();
export type EventExportQuery = z.output<typeof EventExportQuery>;

export const EventPage = z.object({ items: z.array(TodoEvent), next_cursor: z.string().nullable() });
export type EventPage = z.infer<typeof EventPage>;
