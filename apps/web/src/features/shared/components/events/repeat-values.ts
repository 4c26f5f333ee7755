import {
  formatRecurrence,
  parseRecurrence,
  type RecurrenceRule,
  WEEKDAYS,
  type Weekday,
} from '@kontora/contract/recurrence';
import { addDays, toZonedDate, zonedMidnight } from '@kontora/contract/time-zone';

/**
 * The repeat control as people fill it (decision 018): a choice of pattern,
 * weekdays for weekly, an end. The pattern's day (of the month, which weekday
 * of the month) comes from the to-do's start, as calendar apps do.
 */
export const REPEAT_CHOICES = ['', 'DAILY', 'WEEKLY', 'MONTHLY', 'MONTHLY_WEEKDAY', 'YEARLY'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];
export const REPEAT_ENDS = ['never', 'until', 'count'] as const;
export type RepeatEnd = (typeof REPEAT_ENDS)[number];

export type RepeatValues = {
  repeat: RepeatChoice;
  repeat_days: Weekday[];
  repeat_end: RepeatEnd;
  /** `YYYY-MM-DD`, the last day (inclusive) in the company's zone. */
  repeat_until: string;
  repeat_count: string;
};

export const NO_REPEAT: RepeatValues = {
  repeat: '',
  repeat_days: [],
  repeat_end: 'never',
  repeat_until: '',
  repeat_count: '10',
};

/** The weekday of a `YYYY-MM-DD`. */
export function weekdayOf(date: string): Weekday {
  const sundayIsZero = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayIsZero + 6) % 7] as Weekday;
}

/** Which of its weekday in the month a date is: 1–4, or -1 for a fifth (read as "last"). */
export function weekOfMonth(date: string): number {
  const n = Math.ceil(Number(date.slice(8, 10)) / 7);
  return n > 4 ? -1 : n;
}

/** The RRULE of the control, for a to-do starting on `startDate`; null when it does not repeat. */
export function toRecurrence(values: RepeatValues, startDate: string, timeZone: string): string | null {
  if (!values.repeat) return null;
  const day = weekdayOf(startDate);
  const rule: RecurrenceRule = {
    freq: values.repeat === 'MONTHLY_WEEKDAY' ? 'MONTHLY' : values.repeat,
    interval: 1,
    byDay: [],
    byMonthDay: null,
    setPos: null,
    count: null,
    until: null,
  };
  if (values.repeat === 'WEEKLY') rule.byDay = values.repeat_days.length > 0 ? values.repeat_days : [day];
  if (values.repeat === 'MONTHLY') rule.byMonthDay = Number(startDate.slice(8, 10));
  if (values.repeat === 'MONTHLY_WEEKDAY') {
    rule.byDay = [day];
    rule.setPos = weekOfMonth(startDate);
  }
  if (values.repeat_end === 'count') rule.count = Number(values.repeat_count) || 1;
  if (values.repeat_end === 'until' && /^\d{4}-\d{2}-\d{2}$/.test(values.repeat_until)) {
    // Through the whole last day: until the second before the next midnight.
    const next = Date.parse(zonedMidnight(addDays(values.repeat_until, 1), timeZone));
    rule.until = new Date(next - 1000).toISOString();
  }
  return formatRecurrence(rule);
}

/** The control's values for a stored rule (unknown parts fall back to "does not repeat"). */
export function fromRecurrence(recurrence: string | null, timeZone: string): RepeatValues {
  if (!recurrence) return NO_REPEAT;
  const rule = parseRecurrence(recurrence);
  if (typeof rule === 'string') return NO_REPEAT;
  const repeat: RepeatChoice =
    rule.freq === 'MONTHLY' && rule.setPos !== null ? 'MONTHLY_WEEKDAY' : rule.freq;
  return {
    repeat,
    repeat_days: rule.freq === 'WEEKLY' ? rule.byDay : [],
    repeat_end: rule.count !== null ? 'count' : rule.until !== null ? 'until' : 'never',
    repeat_until: rule.until ? toZonedDate(rule.until, timeZone) : '',
    repeat_count: rule.count !== null ? String(rule.count) : NO_REPEAT.repeat_count,
  };
}
