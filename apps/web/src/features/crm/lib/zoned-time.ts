/**
 * To-dos are instants; people read and type them as wall-clock times in the
 * company's time zone (PRODUCT.md: the calendar and "today" follow the company),
 * whatever zone the browser is in. Intl knows every zone's offsets, so these
 * conversions need no date library.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, date: Date): Record<string, number> {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const out: Record<string, number> = {};
  for (const part of format.formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetAt(timeZone: string, epochMs: number): number {
  const p = partsIn(timeZone, new Date(epochMs));
  const wall = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return wall - Math.floor(epochMs / 1000) * 1000;
}

const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, '0');

/** `YYYY-MM-DDTHH:mm` (a datetime-local value) of an instant in the zone. */
export function toZonedInput(instant: string, timeZone: string): string {
  const p = partsIn(timeZone, new Date(instant));
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** `YYYY-MM-DD` of the day an instant falls on in the zone. */
export function toZonedDate(instant: string, timeZone: string): string {
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
  // Read with the offsets a day before and a day after (zones never change
  // twice within two days): in an overlap both readings show this wall time (the
  // earlier wins); in a gap neither does, and the offset from before the change
  // moves the time forward by the gap.
  const day = 86_400_000;
  const first = wall - offsetAt(timeZone, wall - day);
  const second = wall - offsetAt(timeZone, wall + day);
  const shows = (epochMs: number) =>
    toZonedInput(new Date(epochMs).toISOString(), timeZone) === local.slice(0, 16);
  const readings = [first, second].filter(shows);
  return new Date(readings.length > 0 ? Math.min(...readings) : Math.max(first, second)).toISOString();
}

/** Midnight starting this `YYYY-MM-DD` in the zone, as an instant. */
export function startOfZonedDay(date: string, timeZone: string): string {
  return fromZonedInput(`${date}T00:00`, timeZone);
}

/** `YYYY-MM-DD` a number of days after another (calendar days, no zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
