import { describe, expect, it } from 'vitest';
import {
  addDays,
  fromZonedInput,
  mondayOf,
  safeTimeZone,
  startOfZonedDay,
  startOfZonedWeek,
  toZonedDate,
  toZonedInput,
  zonedMidnight,
} from './time-zone.ts';

const ZAGREB = 'Europe/Zagreb';
const NEW_YORK = 'America/New_York';

describe('wall-clock times in a named zone', () => {
  it('reads an instant as the zone shows it, in winter and summer', () => {
    expect(toZonedInput('2026-01-15T08:30:00Z', ZAGREB)).toBe('2026-01-15T09:30');
    expect(toZonedInput('2026-07-15T08:30:00Z', ZAGREB)).toBe('2026-07-15T10:30');
    expect(toZonedInput(new Date('2026-07-15T08:30:00Z'), ZAGREB)).toBe('2026-07-15T10:30');
    expect(toZonedDate('2026-05-05T02:00:00Z', NEW_YORK)).toBe('2026-05-04');
  });

  it('turns typed times back into the same instants', () => {
    expect(fromZonedInput('2026-01-15T09:30', ZAGREB)).toBe('2026-01-15T08:30:00.000Z');
    expect(fromZonedInput('2026-07-15T10:30', ZAGREB)).toBe('2026-07-15T08:30:00.000Z');
    expect(fromZonedInput('2026-01-15T09:30', NEW_YORK)).toBe('2026-01-15T14:30:00.000Z');
    for (const instant of [
      '2026-03-29T00:59:00.000Z',
      '2026-10-25T03:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ]) {
      expect(fromZonedInput(toZonedInput(instant, ZAGREB), ZAGREB)).toBe(instant);
    }
    expect(() => fromZonedInput('15.01.2026', ZAGREB)).toThrow(RangeError);
  });

  it('handles the DST gap (moves forward) and the repeated hour (takes the first)', () => {
    // 29 March 2026, 02:00 → 03:00 in Zagreb: 02:30 does not exist.
    expect(fromZonedInput('2026-03-29T02:30', ZAGREB)).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026, 03:00 → 02:00: 02:30 happens twice; the first is 00:30 UTC.
    expect(fromZonedInput('2026-10-25T02:30', ZAGREB)).toBe('2026-10-25T00:30:00.000Z');
  });

  it('starts days at local midnight and counts calendar days and weeks', () => {
    expect(zonedMidnight('2026-07-01', ZAGREB)).toBe('2026-06-30T22:00:00.000Z');
    expect(zonedMidnight('2026-01-15', NEW_YORK)).toBe('2026-01-15T05:00:00.000Z');
    // Santiago de Chile springs forward at midnight: 6 September 2026 starts at 01:00.
    expect(toZonedInput(zonedMidnight('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe(
      '2026-09-06T01:00',
    );
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(mondayOf('2026-03-15')).toBe('2026-03-09'); // a Sunday
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
  });
});

describe('zoned day and week boundaries of an instant', () => {
  it('finds local midnight in summer and winter time', () => {
    expect(startOfZonedDay(new Date('2026-07-10T21:59:00Z'), ZAGREB).toISOString()).toBe(
      '2026-07-09T22:00:00.000Z',
    );
    expect(startOfZonedDay(new Date('2026-07-10T22:00:00Z'), ZAGREB).toISOString()).toBe(
      '2026-07-10T22:00:00.000Z',
    );
    expect(startOfZonedDay(new Date('2026-01-10T12:00:00Z'), ZAGREB, 1).toISOString()).toBe(
      '2026-01-10T23:00:00.000Z',
    );
  });

  it('spans a daylight-saving change: the day of the spring change has 23 hours', () => {
    const day = new Date('2026-03-29T12:00:00Z');
    const start = startOfZonedDay(day, ZAGREB);
    const end = startOfZonedDay(day, ZAGREB, 1);
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000);
  });

  it('starts weeks on Monday and falls back to UTC for an unknown zone', () => {
    // Sunday 2026-03-15 in Zagreb → Monday 2026-03-09.
    expect(startOfZonedWeek(new Date('2026-03-15T20:00:00Z'), ZAGREB).toISOString()).toBe(
      '2026-03-08T23:00:00.000Z',
    );
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
    expect(safeTimeZone(ZAGREB)).toBe(ZAGREB);
    expect(startOfZonedDay(new Date('2026-03-15T20:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-03-15T00:00:00.000Z',
    );
  });
});
