import { toZonedInput } from '@kontora/contract/time-zone';
import { describe, expect, it } from 'vitest';
import {
  countBefore,
  expandSeries,
  isOccurrence,
  occurrencesFrom,
  seriesUntil,
} from './recurrence-expand.ts';

const tz = 'Europe/Zagreb';
// Monday 16 March 2026, 09:00 in Zagreb (CET, UTC+1); the clocks go forward on 29 March
// and back on 25 October.
const weekly = {
  start_at: '2026-03-16T08:00:00.000Z',
  end_at: '2026-03-16T09:00:00.000Z',
  all_day: false,
  recurrence: 'FREQ=WEEKLY;BYDAY=MO',
};

describe('recurrence expansion in the company time zone', () => {
  it('keeps a weekly to-do at 09:00 local across the March and October clock changes', () => {
    const all = expandSeries(weekly, tz, { from: '2026-03-01T00:00:00Z', to: '2026-11-10T00:00:00Z' }, 100);
    expect(all.length).toBe(35);
    for (const o of all) {
      expect(toZonedInput(o.start_at, tz).slice(11)).toBe('09:00');
      expect(toZonedInput(o.end_at as string, tz).slice(11)).toBe('10:00');
    }
    expect(all.find((o) => o.start_at.startsWith('2026-03-30'))?.start_at).toBe('2026-03-30T07:00:00.000Z');
    expect(all.find((o) => o.start_at.startsWith('2026-10-26'))?.start_at).toBe('2026-10-26T08:00:00.000Z');
  });

  it('answers only occurrences in the window, and honours COUNT and UNTIL', () => {
    const window = expandSeries(
      weekly,
      tz,
      { from: '2026-04-01T00:00:00Z', to: '2026-04-15T00:00:00Z' },
      100,
    );
    expect(window.map((o) => o.start_at)).toEqual(['2026-04-06T07:00:00.000Z', '2026-04-13T07:00:00.000Z']);
    const counted = { ...weekly, recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3' };
    expect(expandSeries(counted, tz, {}, 100).map((o) => o.start_at.slice(0, 10))).toEqual([
      '2026-03-16',
      '2026-03-18',
      '2026-03-23',
    ]);
    expect(seriesUntil(counted, tz, 1000)).toBe('2026-03-23T09:00:00.000Z');
    const until = { ...weekly, recurrence: 'FREQ=DAILY;UNTIL=20260318T225959Z' };
    expect(expandSeries(until, tz, {}, 100)).toHaveLength(3);
    expect(seriesUntil(weekly, tz, 1000)).toBeNull();
  });

  it('expands monthly by weekday and yearly', () => {
    const lastFriday = {
      ...weekly,
      start_at: '2026-01-30T08:00:00.000Z',
      recurrence: 'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1',
    };
    expect(expandSeries(lastFriday, tz, {}, 3).map((o) => toZonedInput(o.start_at, tz))).toEqual([
      '2026-01-30T09:00',
      '2026-02-27T09:00',
      '2026-03-27T09:00',
    ]);
    const yearly = { ...weekly, recurrence: 'FREQ=YEARLY' };
    expect(expandSeries(yearly, tz, {}, 2).map((o) => toZonedInput(o.start_at, tz))).toEqual([
      '2026-03-16T09:00',
      '2027-03-16T09:00',
    ]);
  });

  it('recognises occurrences, counts them and finds the next ones', () => {
    expect(isOccurrence(weekly, tz, '2026-04-06T07:00:00.000Z')).toBe(true);
    expect(isOccurrence(weekly, tz, '2026-04-07T07:00:00.000Z')).toBe(false);
    expect(countBefore(weekly, tz, '2026-04-06T07:00:00.000Z', 1000)).toBe(3);
    expect(occurrencesFrom(weekly, tz, '2026-04-01T00:00:00.000Z', 2).map((o) => o.start_at)).toEqual([
      '2026-04-06T07:00:00.000Z',
      '2026-04-13T07:00:00.000Z',
    ]);
  });
});
