import { z } from 'zod';
import { OCCURRENCE_SCOPES } from './event-values.ts';

/**
 * Recurring to-dos (decision 018): a series is one event row with an RFC 5545
 * RRULE (without DTSTART: the event's `start_at` is the first occurrence, read
 * as wall-clock time in the company's zone). Only what the to-do dialog offers
 * is accepted — daily, weekly on chosen days, monthly on a day or a weekday,
 * yearly; until a date or N times — so that an expansion stays bounded and
 * every accepted rule round-trips through the dialog and calendar clients.
 *
 * The form ⇄ string helpers live here so the web dialog and the server agree
 * without the web loading an RRULE library.
 */

export const RECURRENCE_FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RecurrenceFreq = (typeof RECURRENCE_FREQS)[number];
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const RECURRENCE_LIMITS = {
  maxLength: 300,
  intervalMax: 99,
  countMax: 1000,
  /** Occurrences one list request expands at most (over all series). */
  expansionMax: 2000,
} as const;

/** The structured form of an accepted rule. `until` is an instant (ISO, UTC). */
export interface RecurrenceRule {
  freq: RecurrenceFreq;
  interval: number;
  /** WEEKLY: the days; MONTHLY by weekday: one day with `setPos`. */
  byDay: Weekday[];
  /** MONTHLY on a day of the month (1–31, or -1 for the last). */
  byMonthDay: number | null;
  /** MONTHLY by weekday: 1–4 or -1 (last), with one `byDay`. */
  setPos: number | null;
  count: number | null;
  until: string | null;
}

const UNTIL = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/;

function untilToIso(value: string): string | null {
  const m = UNTIL.exec(value);
  if (!m) return null;
  const [, y, mo, d, h = '23', mi = '59', s = '59'] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const date = new Date(ms);
  return Number.isNaN(ms) || date.getUTCDate() !== Number(d) ? null : date.toISOString();
}

/** `YYYYMMDDTHHMMSSZ` of an instant (RRULE UNTIL and iCalendar UTC times). */
export function toIcalUtc(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The rule, or a problem code (`invalid_recurrence`, `count_and_until`, …). */
export function parseRecurrence(text: string): RecurrenceRule | string {
  const rule: RecurrenceRule = {
    freq: 'DAILY',
    interval: 1,
    byDay: [],
    byMonthDay: null,
    setPos: null,
    count: null,
    until: null,
  };
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body || body.length > RECURRENCE_LIMITS.maxLength) return 'invalid_recurrence';
  const seen = new Set<string>();
  for (const part of body.split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined || seen.has(key.toUpperCase())) {
      return 'invalid_recurrence';
    }
    const k = key.toUpperCase();
    const v = value.toUpperCase();
    seen.add(k);
    if (k === 'FREQ') {
      if (!(RECURRENCE_FREQS as readonly string[]).includes(v)) return 'unsupported_frequency';
      rule.freq = v as RecurrenceFreq;
    } else if (k === 'INTERVAL') {
      const n = /^\d{1,3}$/.test(v) ? Number(v) : 0;
      if (n < 1 || n > RECURRENCE_LIMITS.intervalMax) return 'invalid_interval';
      rule.interval = n;
    } else if (k === 'COUNT') {
      const n = /^\d{1,5}$/.test(v) ? Number(v) : 0;
      if (n < 1 || n > RECURRENCE_LIMITS.countMax) return 'invalid_count';
      rule.count = n;
    } else if (k === 'UNTIL') {
      rule.until = untilToIso(v);
      if (!rule.until) return 'invalid_until';
    } else if (k === 'BYDAY') {
      for (const day of v.split(',')) {
        const m = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(day);
        if (!m) return 'invalid_recurrence';
        if (m[1] !== undefined) {
          const pos = Number(m[1]);
          if (![1, 2, 3, 4, -1].includes(pos) || rule.setPos !== null) return 'invalid_recurrence';
          rule.setPos = pos;
        }
        if (rule.byDay.includes(m[2] as Weekday)) return 'invalid_recurrence';
        rule.byDay.push(m[2] as Weekday);
      }
    } else if (k === 'BYMONTHDAY') {
      const n = /^-?\d{1,2}$/.test(v) ? Number(v) : 0;
      if (!(n === -1 || (n >= 1 && n <= 31))) return 'invalid_recurrence';
      rule.byMonthDay = n;
    } else if (k === 'BYSETPOS') {
      const n = /^-?\d$/.test(v) ? Number(v) : 0;
      if (![1, 2, 3, 4, -1].includes(n) || rule.setPos !== null) return 'invalid_recurrence';
      rule.setPos = n;
    } else if (k === 'WKST') {
      if (!(WEEKDAYS as readonly string[]).includes(v)) return 'invalid_recurrence';
    } else {
      return 'unsupported_recurrence';
    }
  }
  if (!seen.has('FREQ')) return 'invalid_recurrence';
  if (rule.count !== null && rule.until !== null) return 'count_and_until';
  // What each frequency may carry: the dialog's choices, nothing that multiplies occurrences.
  const monthlyByWeekday = rule.freq === 'MONTHLY' && rule.setPos !== null;
  if (rule.byDay.length > 0 && rule.freq !== 'WEEKLY' && !monthlyByWeekday) return 'unsupported_recurrence';
  if (monthlyByWeekday && (rule.byDay.length !== 1 || rule.byMonthDay !== null))
    return 'unsupported_recurrence';
  if (rule.setPos !== null && rule.freq !== 'MONTHLY') return 'unsupported_recurrence';
  if (rule.byMonthDay !== null && rule.freq !== 'MONTHLY') return 'unsupported_recurrence';
  return rule;
}

/** The canonical RRULE text of a rule (stable key order; what is stored). */
export function formatRecurrence(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.freq === 'WEEKLY' && rule.byDay.length > 0) {
    parts.push(`BYDAY=${WEEKDAYS.filter((d) => rule.byDay.includes(d)).join(',')}`);
  }
  if (rule.freq === 'MONTHLY' && rule.setPos !== null && rule.byDay[0]) {
    parts.push(`BYDAY=${rule.byDay[0]}`, `BYSETPOS=${rule.setPos}`);
  }
  if (rule.freq === 'MONTHLY' && rule.setPos === null && rule.byMonthDay !== null) {
    parts.push(`BYMONTHDAY=${rule.byMonthDay}`);
  }
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${toIcalUtc(rule.until)}`);
  return parts.join(';');
}

/** An RRULE as the API takes it: validated, answered in canonical form. */
export const Recurrence = z
  .string({ error: 'invalid_recurrence' })
  .max(RECURRENCE_LIMITS.maxLength, { error: 'too_long' })
  .transform((text, ctx) => {
    const rule = parseRecurrence(text);
    if (typeof rule === 'string') {
      ctx.addIssue({ code: 'custom', message: rule });
      return z.NEVER;
    }
    return formatRecurrence(rule);
  });

export const REMINDER_LIMITS = { count: 5, maxMinutes: 40_320 } as const;

/** Minutes before the start, distinct, at most five, up to four weeks; answered sorted. */
export const Reminders = z
  .array(
    z
      .number({ error: 'invalid_reminder' })
      .int({ error: 'invalid_reminder' })
      .min(0, { error: 'invalid_reminder' })
      .max(REMINDER_LIMITS.maxMinutes, { error: 'too_large' }),
  )
  .max(REMINDER_LIMITS.count, { error: 'too_many' })
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

export { OCCURRENCE_SCOPES, type OccurrenceScope } from './event-values.ts';

/** `occurrence`: the original start of the occurrence meant (its `occurrence_start`). */
export const OccurrenceQuery = z
  .object({
    occurrence: z
      .string()
      .trim()
      .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), {
        error: 'invalid_datetime',
      })
      .transform((v) => new Date(v).toISOString())
      .optional(),
    scope: z.enum(OCCURRENCE_SCOPES, { error: 'invalid_scope' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.scope && q.scope !== 'all' && !q.occurrence) {
      ctx.addIssue({ code: 'custom', path: ['occurrence'], message: 'required' });
    }
  });
export type OccurrenceQuery = z.output<typeof OccurrenceQuery>;

/** The stable id of one occurrence: `<eventId>:<occurrence start ISO>`. */
export function occurrenceId(eventId: number, occurrenceStart: string | null): string {
  return occurrenceStart ? `${eventId}:${occurrenceStart}` : String(eventId);
}
