import { zonedMidnight } from '@kontora/contract/time-zone';

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What FullCalendar hands out (a plain date for all-day spans, else a date-time
 * with the zone's offset) as a UTC instant for the API. All-day days are stored
 * as their midnight in the company's zone, as the to-do dialog writes them.
 */
export function calendarStringToInstant(value: string, timeZone: string): string {
  return PLAIN_DATE.test(value) ? zonedMidnight(value, timeZone) : new Date(value).toISOString();
}
