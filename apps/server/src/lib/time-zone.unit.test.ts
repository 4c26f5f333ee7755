import { describe, expect, it } from 'vitest';
import { safeTimeZone, startOfZonedDay, startOfZonedWeek } from './time-zone.ts';

describe('zoned day and week boundaries', () => {
  it('finds local midnight in summer and winter time', () => {
    expect(startOfZonedDay(new Date('2026-07-10T21:59:00Z'), 'Europe/Zagreb').toISOString()).toBe(
      '2026-07-09T22:00:00.000Z',
    );
    expect(startOfZonedDay(new Date('2026-07-10T22:00:00Z'), 'Europe/Zagreb').toISOString()).toBe(
      '2026-07-10T22:00:00.000Z',
    );
    expect(startOfZonedDay(new Date('2026-01-10T12:00:00Z'), 'Europe/Zagreb', 1).toISOString()).toBe(
      '2026-01-10T23:00:00.000Z',
    );
  });

  it('spans a daylight-saving change: the day of the spring change has 23 hours', () => {
    const day = new Date('2026-03-29T12:00:00Z');
    const start = startOfZonedDay(day, 'Europe/Zagreb');
    const end = startOfZonedDay(day, 'Europe/Zagreb', 1);
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000);
  });

  it('starts weeks on Monday and falls back to UTC for an unknown zone', () => {
    // Sunday 2026-03-15 in Zagreb → Monday 2026-03-09.
    expect(startOfZonedWeek(new Date('2026-03-15T20:00:00Z'), 'Europe/Zagreb').toISOString()).toBe(
      '2026-03-08T23:00:00.000Z',
    );
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(startOfZonedDay(new Date('2026-03-15T20:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-03-15T00:00:00.000Z',
    );
  });
});
