import { startOfZonedDay } from '@kontora/contract/time-zone';

/** How long a post's mark is drawn: a post is an instant, FullCalendar draws a length. */
const SHOWN_FOR_MS = 60 * 60 * 1000;

/**
 * The span a post at `at` is drawn over in the calendar: an hour, cut at the end of its day in
 * the company's zone. Drawn an hour long from after 23:00, it ran into the next day, and the
 * month grid showed the post on both days.
 */
export function postSpan(at: string, timeZone: string): { start: string; end: string } {
  const start = new Date(at);
  const end = Math.min(start.getTime() + SHOWN_FOR_MS, startOfZonedDay(start, timeZone, 1).getTime());
  return { start: start.toISOString(), end: new Date(end).toISOString() };
}
