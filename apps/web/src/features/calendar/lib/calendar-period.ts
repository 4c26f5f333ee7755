import { addDays, toZonedDate } from '@kontora/contract/time-zone';
import type { CalendarView } from './use-calendar-place.ts';

/**
 * The period a calendar view shows, worked out without FullCalendar: the toolbar draws its
 * title and moves the address before the calendar's code has arrived, and keeps doing so after.
 * Dates are plain `YYYY-MM-DD` days; no zone is involved but in `todayIn`.
 */

/** Sunday (0) in English, Monday (1) in the app's other languages, as FullCalendar's locales say. */
export function weekStartsOn(language: string): 0 | 1 {
  return language === 'en' ? 0 : 1;
}

/** Today's `YYYY-MM-DD` in the zone (the company's: the calendar shows its days). */
export function todayIn(timeZone: string, now = new Date()): string {
  return toZonedDate(now, timeZone);
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The first day of the week the date falls in. */
export function weekStart(date: string, language: string): string {
  const shift = (utc(date).getUTCDay() - weekStartsOn(language) + 7) % 7;
  return addDays(date, -shift);
}

/** A date the same day of another month, the day cut to that month's last one (31 Jan + 1 → 28 Feb). */
function addMonths(date: string, months: number): string {
  const d = utc(date);
  const day = d.getUTCDate();
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The date one period (month, week or day of the view) before (-1) or after (+1). */
export function shiftPeriod(view: CalendarView, date: string, steps: number): string {
  if (view === 'dayGridMonth') return addMonths(date, steps);
  if (view === 'timeGridDay') return addDays(date, steps);
  return addDays(date, steps * 7);
}

/** What a period is called in the toolbar's Previous / Next names. */
export type PeriodUnit = 'month' | 'week' | 'day';

export function periodUnit(view: CalendarView): PeriodUnit {
  if (view === 'dayGridMonth') return 'month';
  if (view === 'timeGridDay') return 'day';
  return 'week';
}

/**
 * The period's title in the language: "June 2030", "November 29 – December 5, 2026",
 * "June 5, 2030"; Intl writes each language's own order and words.
 */
export function periodTitle(view: CalendarView, date: string, language: string): string {
  const unit = periodUnit(view);
  if (unit === 'month') {
    return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      utc(date),
    );
  }
  const days = new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  if (unit === 'day') return days.format(utc(date));
  const first = weekStart(date, language);
  return days.formatRange(utc(first), utc(addDays(first, 6)));
}
