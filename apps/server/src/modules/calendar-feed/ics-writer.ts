import { toIcalUtc } from '@kontora/contract/recurrence';
import { toZonedInput } from '@kontora/contract/time-zone';

/*
 * The bits of RFC 5545 the feed needs, written by hand (a few dozen lines
 * against a dependency): text escaping, line folding at 75 octets, local and
 * UTC times, and a VTIMEZONE built from the zone's offsets as Intl knows them.
 */

/** TEXT values: backslash, semicolon, comma and newlines escaped (§3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const encoder = new TextEncoder();

/** One content line folded at 75 octets, never inside a UTF-8 character (§3.1), ended by CRLF. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75.
    if (size + bytes > 75) {
      parts.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return `${parts.join('\r\n')}\r\n`;
}

/** `YYYYMMDDTHHMMSS` of an instant's wall time in the zone. */
export function localDateTime(iso: string, timeZone: string): string {
  return `${toZonedInput(iso, timeZone).replace(/[-:]/g, '')}00`;
}

/** `YYYYMMDD` of the day an instant falls on in the zone. */
export function localDate(iso: string, timeZone: string): string {
  return toZonedInput(iso, timeZone).slice(0, 10).replace(/-/g, '');
}

export const utc = toIcalUtc;

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(ms: number, timeZone: string): number {
  const wall = Date.parse(`${toZonedInput(new Date(ms), timeZone)}:00Z`);
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

const DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The day of the month of the nth (or, with -1, last) given weekday (0 = Sunday) of a month (0-based). */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth === -1) {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7);
  }
  const firstDay = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((weekday - firstDay + 7) % 7) + (nth - 1) * 7;
}

/** The instants in a year at which the zone's offset changes (to the minute). */
function transitions(year: number, timeZone: string): { at: number; from: number; to: number }[] {
  const found: { at: number; from: number; to: number }[] = [];
  const day = 86_400_000;
  let previous = Date.UTC(year, 0, 1, 12);
  let before = offsetMinutes(previous, timeZone);
  for (let t = previous + day; t < Date.UTC(year + 1, 0, 1, 12); t += day) {
    const now = offsetMinutes(t, timeZone);
    if (now !== before) {
      let lo = previous;
      let hi = t;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offsetMinutes(mid, timeZone) === before) lo = mid;
        else hi = mid;
      }
      found.push({ at: hi, from: before, to: now });
      before = now;
    }
    previous = t;
  }
  return found;
}

/**
 * VTIMEZONE for the zone: its yearly changes as a rule from `year` on (the
 * form clients expect for zones with daylight saving), or one STANDARD part.
 */
export function vtimezone(timeZone: string, year: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const changes = transitions(year, timeZone);
  if (changes.length === 0) {
    const offset = offsetText(offsetMinutes(Date.UTC(year, 0, 1), timeZone));
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`);
    lines.push(`TZNAME:${timeZone.split('/').at(-1)}`, 'END:STANDARD');
  }
  for (const change of changes) {
    // The wall time of the change as read before it, as a yearly rule.
    const wall = new Date(change.at + change.from * 60_000);
    const monthDays = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
    const nth = wall.getUTCDate() + 7 > monthDays ? -1 : Math.ceil(wall.getUTCDate() / 7);
    // The rule starts in 1970 (its first onset then), so that every earlier time has an offset too.
    const first = nthWeekday(1970, wall.getUTCMonth(), wall.getUTCDay(), nth);
    const date = `1970${String(wall.getUTCMonth() + 1).padStart(2, '0')}${String(first).padStart(2, '0')}T${wall
      .toISOString()
      .slice(11, 19)
      .replace(/:/g, '')}`;
    const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${date}`,
      `RRULE:FREQ=YEARLY;BYMONTH=${wall.getUTCMonth() + 1};BYDAY=${nth}${DAYS[wall.getUTCDay()]}`,
      `TZOFFSETFROM:${offsetText(change.from)}`,
      `TZOFFSETTO:${offsetText(change.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
