/**
 * Wall-clock times in a named time zone (the company's): to-dos are instants,
 * but people read and type them, and "today" and "this week" are counted, on
 * the company's local calendar, whatever zone the browser or the server is in,
 * including across daylight-saving changes. Intl knows every zone's offsets, so
 * neither side needs a date library. Used by the server (day and week bounds of
 * the to-do filters and the CRM dashboard) and the web app (the to-do form, the
 * calendar).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
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

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, hour, minute, second };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetAt(timeZone: string, epochMs: number): number {
  const p = wallClock(epochMs, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DDTHH:mm` (a datetime-local value) of an instant in the zone. */
export function toZonedInput(instant: string | Date, timeZone: string): string {
  const p = wallClock(new Date(instant).getTime(), timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** `YYYY-MM-DD` of the day an instant falls on in the zone. */
export function toZonedDate(instant: string | Date, timeZone: string): string {
  return toZonedInput(instant, timeZone).slice(0, 10);
}

/**
 * The instant (ISO, UTC) of a wall-clock time in the zone. A time skipped by a
 * DST change moves forward by the gap; a repeated one takes the first.
 */
export function fromZonedInput(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(local);
  if (!match) throw new RangeError(`not a local date-time: ${local}`);
  const [, y, mo, d, h = '0', mi = '0'] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  const wanted = `${y}-${mo}-${d}T${h.padStart(2, '0')}:${mi.padStart(2, '0')}`;
  // Read with the offsets a day before and a day after (zones never change
  // twice within two days): in an overlap both readings show this wall time (the
  // earlier wins); in a gap neither does, and the offset from before the change
  // moves the time forward by the gap.
  const day = 86_400_000;
  const first = wall - offsetAt(timeZone, wall - day);
  const second = wall - offsetAt(timeZone, wall + day);
  const readings = [first, second].filter((epochMs) => toZonedInput(new Date(epochMs), timeZone) === wanted);
  return new Date(readings.length > 0 ? Math.min(...readings) : Math.max(first, second)).toISOString();
}

/** The instant (ISO) a `YYYY-MM-DD` starts in the zone: its midnight, or the first moment after a gap. */
export function zonedMidnight(date: string, timeZone: string): string {
  return fromZonedInput(`${date}T00:00`, timeZone);
}

/** `YYYY-MM-DD` a number of days after another (calendar days, no zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of the Monday of the week a date falls in (weeks start on Monday). */
export function mondayOf(date: string): string {
  const sundayIsZero = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((sundayIsZero + 6) % 7));
}

/** Local midnight of the day an instant falls on in the zone, moved by `days` days. */
export function startOfZonedDay(instant: Date, timeZone: string, days = 0): Date {
  return new Date(zonedMidnight(addDays(toZonedDate(instant, timeZone), days), timeZone));
}

/** Local midnight of the Monday of the week an instant falls in, in the zone. */
export function startOfZonedWeek(instant: Date, timeZone: string): Date {
  return new Date(zonedMidnight(mondayOf(toZonedDate(instant, timeZone)), timeZone));
}
