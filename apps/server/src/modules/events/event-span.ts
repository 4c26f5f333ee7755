/**
 * How long an event occupies the calendar, in the two columns range queries use.
 *
 * `until_at` is the exclusive effective end: the end, or for an all-day event
 * without one its day, or for a point in time one millisecond (so "starts
 * before `to` and ends after `from`" holds for every kind). `is_long` marks
 * events longer than LONG_EVENT_MS: all others start at most that long before
 * any moment they cover, which bounds range scans on start_at from both sides.
 */
export const LONG_EVENT_MS = 7 * 86_400_000;

const DAY_MS = 86_400_000;

export function spanOf(e: { start_at: string; end_at: string | null; all_day: boolean | number }): {
  until_at: string;
  is_long: boolean;
} {
  const start = Date.parse(e.start_at);
  const until =
    e.end_at && e.end_at > e.start_at ? Date.parse(e.end_at) : start + (e.all_day && !e.end_at ? DAY_MS : 1);
  return { until_at: new Date(until).toISOString(), is_long: until - start > LONG_EVENT_MS };
}
