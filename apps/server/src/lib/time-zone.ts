/**
 * Day and week boundaries in a named time zone (the company's), as UTC
 * instants, with Intl only: "today" and "this week" mean the company's local
 * calendar, including across daylight-saving changes.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone if Intl knows it, else UTC (a bad stored zone must not break a dashboard). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function zonedParts(date: Date, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(date)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    /** 0 = Monday … 6 = Sunday. */
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Mon'),
  };
}

/** Local time minus UTC at that instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** Local midnight of the day `date` falls on, moved by `addDays` days. */
export function startOfZonedDay(date: Date, timeZone: string, addDays = 0): Date {
  const p = zonedParts(date, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day + addDays);
  let instant = wall - offsetAt(wall, timeZone);
  // Near a daylight-saving change the first guess uses the other side's offset.
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** Local midnight of the Monday of the week `date` falls in. */
export function startOfZonedWeek(date: Date, timeZone: string): Date {
  return startOfZonedDay(date, timeZone, -zonedParts(date, timeZone).weekday);
}
