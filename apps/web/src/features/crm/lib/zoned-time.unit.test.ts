import { describe, expect, it } from 'vitest';
import { addDays, fromZonedInput, startOfZonedDay, toZonedDate, toZonedInput } from './zoned-time.ts';

const ZAGREB = 'Europe/Zagreb';
const NEW_YORK = 'America/New_York';

describe('wall-clock times in a named zone', () => {
  it('reads an instant as the zone shows it, in winter and summer', () => {
    expect(toZonedInput('2026-01-15T08:30:00Z', ZAGREB)).toBe('2026-01-15T09:30');
    expect(toZonedInput('2026-07-15T08:30:00Z', ZAGREB)).toBe('2026-07-15T10:30');
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
  });

  it('handles the DST gap (moves forward) and the repeated hour (takes the first)', () => {
    // 29 March 2026, 02:00 → 03:00 in Zagreb: 02:30 does not exist.
    expect(fromZonedInput('2026-03-29T02:30', ZAGREB)).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026, 03:00 → 02:00: 02:30 happens twice; the first is 00:30 UTC.
    expect(fromZonedInput('2026-10-25T02:30', ZAGREB)).toBe('2026-10-25T00:30:00.000Z');
  });

  it('starts days at local midnight and counts calendar days', () => {
    expect(startOfZonedDay('2026-07-01', ZAGREB)).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfZonedDay('2026-01-15', NEW_YORK)).toBe('2026-01-15T05:00:00.000Z');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
