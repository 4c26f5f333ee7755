import { describe, expect, it } from 'vitest';
import { fromRecurrence, NO_REPEAT, toRecurrence } from './repeat-values.ts';

const tz = 'Europe/Zagreb';

describe('repeat control ⇄ RRULE', () => {
  it('builds each pattern from the start date', () => {
    const base = { ...NO_REPEAT };
    expect(toRecurrence(base, '2026-05-14', tz)).toBeNull();
    expect(toRecurrence({ ...base, repeat: 'DAILY' }, '2026-05-14', tz)).toBe('FREQ=DAILY');
    expect(toRecurrence({ ...base, repeat: 'WEEKLY' }, '2026-05-14', tz)).toBe('FREQ=WEEKLY;BYDAY=TH');
    expect(toRecurrence({ ...base, repeat: 'WEEKLY', repeat_days: ['FR', 'MO'] }, '2026-05-14', tz)).toBe(
      'FREQ=WEEKLY;BYDAY=MO,FR',
    );
    expect(toRecurrence({ ...base, repeat: 'MONTHLY' }, '2026-05-14', tz)).toBe('FREQ=MONTHLY;BYMONTHDAY=14');
    expect(toRecurrence({ ...base, repeat: 'MONTHLY_WEEKDAY' }, '2026-05-14', tz)).toBe(
      'FREQ=MONTHLY;BYDAY=TH;BYSETPOS=2',
    );
    expect(toRecurrence({ ...base, repeat: 'MONTHLY_WEEKDAY' }, '2026-05-29', tz)).toBe(
      'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1',
    );
    expect(
      toRecurrence({ ...base, repeat: 'YEARLY', repeat_end: 'count', repeat_count: '3' }, '2026-05-14', tz),
    ).toBe('FREQ=YEARLY;COUNT=3');
    // Through the last day in Zagreb (CEST): until 23:59:59 local.
    expect(
      toRecurrence(
        { ...base, repeat: 'DAILY', repeat_end: 'until', repeat_until: '2026-06-30' },
        '2026-05-14',
        tz,
      ),
    ).toBe('FREQ=DAILY;UNTIL=20260630T215959Z');
  });

  it('reads a stored rule back into the control', () => {
    expect(fromRecurrence('FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20260630T215959Z', tz)).toEqual({
      repeat: 'WEEKLY',
      repeat_days: ['MO', 'FR'],
      repeat_end: 'until',
      repeat_until: '2026-06-30',
      repeat_count: '10',
    });
    expect(fromRecurrence('FREQ=MONTHLY;BYDAY=TH;BYSETPOS=2;COUNT=4', tz).repeat).toBe('MONTHLY_WEEKDAY');
    expect(fromRecurrence(null, tz)).toEqual(NO_REPEAT);
  });
});
