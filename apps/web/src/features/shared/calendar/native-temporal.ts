/**
 * What FullCalendar asks of `temporal-polyfill/fns/*` (the Instant, ZonedDateTime and
 * PlainDateTime functions @full-ui/headless-calendar imports for named time zones), done by the
 * browser's own Temporal. apps/web/vite.config.ts points those three imports here: the polyfill
 * was about 30 KB compressed of the calendar's first load and the larger part of its module
 * evaluation (docs/decisions/092-first-loads-in-shorter-tasks.md). A browser without
 * Temporal gets the polyfill installed as the global first (a chunk of its own, awaited before
 * any calendar code runs), so the same functions work there.
 */
if (!('Temporal' in globalThis)) await import('temporal-polyfill/global');

type Fields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};
type ZonedDateTime = Fields & { readonly offsetNanoseconds: number; readonly epochMilliseconds: number };
type PlainDateTime = Fields & { toZonedDateTime(timeZone: string, options?: object): ZonedDateTime };
type Instant = { toZonedDateTimeISO(timeZone: string): ZonedDateTime };
type TemporalApi = {
  Instant: { fromEpochMilliseconds(ms: number): Instant };
  PlainDateTime: new (...fields: number[]) => PlainDateTime;
};

const temporal = (globalThis as unknown as { Temporal: TemporalApi }).Temporal;

/** `Instant.fromEpochMilliseconds` of temporal-polyfill/fns/Instant. */
export const fromEpochMilliseconds = (ms: number): Instant => temporal.Instant.fromEpochMilliseconds(ms);

/** `Instant.toZonedDateTimeISO` of temporal-polyfill/fns/Instant. */
export const toZonedDateTimeISO = (instant: Instant, timeZone: string): ZonedDateTime =>
  instant.toZonedDateTimeISO(timeZone);

/** `PlainDateTime.create` of temporal-polyfill/fns/PlainDateTime. */
export const create = (...fields: number[]): PlainDateTime => new temporal.PlainDateTime(...fields);

/** `PlainDateTime.toZonedDateTime` of temporal-polyfill/fns/PlainDateTime. */
export const toZonedDateTime = (plain: PlainDateTime, timeZone: string, options?: object): ZonedDateTime =>
  plain.toZonedDateTime(timeZone, options);

/** `ZonedDateTime.offsetNanoseconds` of temporal-polyfill/fns/ZonedDateTime. */
export const offsetNanoseconds = (zoned: ZonedDateTime): number => zoned.offsetNanoseconds;
