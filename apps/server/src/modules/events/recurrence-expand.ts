import { createRequire } from 'node:module';
import { fromZonedInput, toZonedInput } from '@kontora/contract/time-zone';
import type * as RRuleModule from 'rrule';

// rrule ships CommonJS without an `exports` map, so Node's ESM loader finds no
// named exports in it; requiring it is the form that works in Node 24 and Vitest alike.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;

/** What expansion needs of a series. */
export interface SeriesTimes {
  start_at: string;
  end_at: string | null;
  all_day: boolean | number;
  recurrence: string;
}

export interface OccurrenceTimes {
  /** The occurrence's start as the rule gives it (its key). */
  occurrence_start: string;
  start_at: string;
  end_at: string | null;
}

const DAY_MS = 86_400_000;
/** Far enough for "no end" (rrule iterates lazily; the iterator stops it). */
const FAR_FUTURE = Date.UTC(9999, 0, 1);

/*
 * Wall-clock arithmetic: the rule runs on the company's local calendar, so
 * times are turned into "floating" dates — the local wall time written as if
 * it were UTC — expanded there (where no DST exists), and each result is read
 * back as an instant in the zone. A weekly 09:00 stays 09:00 across the March
 * and October changes. Zone offsets are whole minutes, so seconds carry over.
 */
function wallOf(instant: string | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  const local = toZonedInput(new Date(ms), timeZone);
  return Date.parse(`${local}:00Z`) + (((ms % 60_000) + 60_000) % 60_000);
}

function instantOf(wall: number, timeZone: string): string {
  const local = new Date(wall).toISOString().slice(0, 16);
  const rest = ((wall % 60_000) + 60_000) % 60_000;
  return new Date(Date.parse(fromZonedInput(local, timeZone)) + rest).toISOString();
}

function ruleOf(series: SeriesTimes, timeZone: string) {
  const options = RRule.parseString(series.recurrence);
  const until = options.until ? wallOf(options.until.getTime(), timeZone) : null;
  return new RRule({
    ...options,
    dtstart: new Date(wallOf(series.start_at, timeZone)),
    until: until === null ? null : new Date(until),
    tzid: null,
  });
}

function timesOf(series: SeriesTimes, timeZone: string) {
  const startWall = wallOf(series.start_at, timeZone);
  const durationWall = series.end_at ? wallOf(series.end_at, timeZone) - startWall : null;
  return (wall: Date): OccurrenceTimes => {
    const start = instantOf(wall.getTime(), timeZone);
    return {
      occurrence_start: start,
      start_at: start,
      end_at: durationWall === null ? null : instantOf(wall.getTime() + durationWall, timeZone),
    };
  };
}

/** The longest an occurrence lasts, in real time (for window margins). */
function spanMs(series: SeriesTimes): number {
  const explicit = series.end_at ? Date.parse(series.end_at) - Date.parse(series.start_at) : 0;
  return Math.max(explicit, series.all_day ? DAY_MS : 0) + DAY_MS;
}

/**
 * Occurrences whose start lies in [from, to) widened by the series' span (so
 * that every one overlapping the window is among them), in order, at most
 * `cap`. Without `to` it runs until `cap`.
 */
export function expandSeries(
  series: SeriesTimes,
  timeZone: string,
  window: { from?: string | undefined; to?: string | undefined },
  cap: number,
): OccurrenceTimes[] {
  if (cap <= 0) return [];
  const rule = ruleOf(series, timeZone);
  const margin = spanMs(series);
  const lo = window.from
    ? wallOf(Date.parse(window.from) - margin, timeZone)
    : wallOf(series.start_at, timeZone);
  const hi = window.to ? wallOf(Date.parse(window.to) + DAY_MS, timeZone) : FAR_FUTURE;
  const toTimes = timesOf(series, timeZone);
  return rule.between(new Date(lo), new Date(hi), true, (_d, i) => i < cap).map(toTimes);
}

/** The first occurrences starting at or after an instant (reminders chain along them). */
export function occurrencesFrom(
  series: SeriesTimes,
  timeZone: string,
  after: string,
  cap: number,
): OccurrenceTimes[] {
  const rule = ruleOf(series, timeZone);
  const toTimes = timesOf(series, timeZone);
  const lo = wallOf(Date.parse(after) - 2 * DAY_MS, timeZone);
  return rule
    .between(new Date(lo), new Date(FAR_FUTURE), true, (_d, i) => i < cap + 8)
    .map(toTimes)
    .filter((o) => o.occurrence_start >= after)
    .slice(0, cap);
}

/** Whether the rule has an occurrence starting exactly at this instant. */
export function isOccurrence(series: SeriesTimes, timeZone: string, occurrenceStart: string): boolean {
  return expandSeries(series, timeZone, { from: occurrenceStart, to: occurrenceStart }, 400).some(
    (o) => o.occurrence_start === occurrenceStart,
  );
}

/** How many occurrences start before an instant (to split a COUNT-limited series). */
export function countBefore(series: SeriesTimes, timeZone: string, before: string, cap: number): number {
  return expandSeries(series, timeZone, {}, cap).filter((o) => o.occurrence_start < before).length;
}

/**
 * When the series' last occurrence ends (for range lookups), or null when it
 * never ends. COUNT is bounded by the contract, UNTIL by the rule itself.
 */
export function seriesUntil(series: SeriesTimes, timeZone: string, cap: number): string | null {
  const options = RRule.parseString(series.recurrence);
  if (!options.count && !options.until) return null;
  const all = expandSeries(series, timeZone, {}, cap + 1);
  const last = all.at(-1);
  if (!last) return series.start_at;
  if (all.length > cap) return null;
  if (last.end_at && last.end_at > last.start_at) return last.end_at;
  return new Date(Date.parse(last.start_at) + (series.all_day ? DAY_MS : 1)).toISOString();
}
