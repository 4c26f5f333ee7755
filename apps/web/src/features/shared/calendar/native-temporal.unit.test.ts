import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as PlainDateTimeFns from 'temporal-polyfill/fns/PlainDateTime';
import * as ZonedDateTimeFns from 'temporal-polyfill/fns/ZonedDateTime';
import { describe, expect, it } from 'vitest';
import {
  create,
  fromEpochMilliseconds,
  offsetNanoseconds,
  toZonedDateTime,
  toZonedDateTimeISO,
} from './native-temporal.ts';

// What FullCalendar's headless-calendar computes with these functions (its timestampToMarker,
// offsetForMarker and toDate), compared with the polyfill's own functions the build replaces.
const ZONES = ['Europe/Zagreb', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
// Ordinary days and both sides of Zagreb's and New York's 2026 clock changes.
const MOMENTS = [
  '2026-01-15T09:30:15.250Z',
  '2026-03-29T00:59:59.999Z',
  '2026-03-29T01:00:00.000Z',
  '2026-03-08T07:30:00.000Z',
  '2026-10-25T00:30:00.000Z',
  '2026-11-01T05:30:00.000Z',
];
// Wall times, among them ones a clock change skips (02:30 on 29 March in Zagreb) or repeats.
const WALL_TIMES: [number, number, number, number, number, number, number][] = [
  [2026, 1, 15, 9, 30, 15, 250],
  [2026, 3, 29, 2, 30, 0, 0],
  [2026, 10, 25, 2, 30, 0, 0],
  [2026, 3, 8, 2, 30, 0, 0],
  [2026, 11, 1, 1, 30, 0, 0],
];

describe('native Temporal for FullCalendar', () => {
  it('turns an instant into a zone’s wall time as the polyfill does', () => {
    for (const zone of ZONES)
      for (const moment of MOMENTS) {
        const ms = Date.parse(moment);
        const ours = toZonedDateTimeISO(fromEpochMilliseconds(ms), zone);
        const theirs = InstantFns.toZonedDateTimeISO(InstantFns.fromEpochMilliseconds(ms), zone);
        const fields = ({
          year,
          month,
          day,
          hour,
          minute,
          second,
          millisecond,
        }: {
          year: number;
          month: number;
          day: number;
          hour: number;
          minute: number;
          second: number;
          millisecond: number;
        }) => [year, month, day, hour, minute, second, millisecond];
        expect(fields(ours), `${zone} ${moment}`).toEqual(fields(theirs));
      }
  });

  it('finds a wall time’s offset and instant as the polyfill does, skipped and repeated ones too', () => {
    for (const zone of ZONES)
      for (const wall of WALL_TIMES) {
        const ours = toZonedDateTime(create(...wall), zone);
        const theirs = PlainDateTimeFns.toZonedDateTime(PlainDateTimeFns.create(...wall), zone);
        expect(offsetNanoseconds(ours), `${zone} ${wall}`).toBe(ZonedDateTimeFns.offsetNanoseconds(theirs));
        expect(ours.epochMilliseconds, `${zone} ${wall}`).toBe(theirs.epochMilliseconds);
      }
  });
});
