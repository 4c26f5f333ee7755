/**
 * The to-do constants of ./events.ts, ./recurrence.ts and ./calendar-feed.ts without zod, for
 * screens that need them on their first load (the to-do list, the calendar, a record's to-dos;
 * docs/decisions/087-phone-pages-load-forms-on-use.md).
 */
export const EVENT_TYPES = ['task', 'call', 'meeting', 'email', 'deadline'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type EventPriority = (typeof EVENT_PRIORITIES)[number];

/**
 * List filters (several may be combined, comma-separated): `mine` assigned to
 * the caller; `today` overlapping today in the company's time zone; `overdue`
 * open and already over; `upcoming` open and not over yet; `open` not done; `done` done.
 */
export const EVENT_FILTERS = ['mine', 'today', 'overdue', 'upcoming', 'open', 'done'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];

export const EVENT_LIMITS = {
  titleMax: 200,
  descriptionMax: 10_000,
  locationMax: 300,
  /** Four weeks. */
  reminderMaxMinutes: 40_320,
  pageDefault: 100,
  pageMax: 1000,
  /** Largest CSV import the wizard offers before the server's own limit is known (IMPORT_MAX_BYTES). */
  importBytes: 1024 * 1024 * 1024,
} as const;

/** Which occurrences an edit or delete of a series applies to. */
export const OCCURRENCE_SCOPES = ['this', 'following', 'all'] as const;
export type OccurrenceScope = (typeof OCCURRENCE_SCOPES)[number];

/** Whose to-dos a person's calendar feed holds (./calendar-feed.ts). */
export const CALENDAR_FEED_SCOPES = ['all', 'mine'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];
