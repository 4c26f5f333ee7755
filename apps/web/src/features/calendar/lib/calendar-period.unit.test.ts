import { describe, expect, it } from 'vitest';
import { periodTitle, shiftPeriod, todayIn, weekStart } from './calendar-period.ts';

describe('the period a calendar view shows', () => {
  it('starts weeks on Sunday in English and on Monday in the other languages', () => {
    // 2026-12-02 is a Wednesday.
    expect(weekStart('2026-12-02', 'en')).toBe('2026-11-29');
    expect(weekStart('2026-12-02', 'hr')).toBe('2026-11-30');
    expect(weekStart('2026-11-29', 'en')).toBe('2026-11-29');
    expect(weekStart('2026-11-29', 'de')).toBe('2026-11-23');
  });

  it('moves by the view’s own period, a month cut to its last day', () => {
    expect(shiftPeriod('dayGridMonth', '2030-06-12', -1)).toBe('2030-05-12');
    expect(shiftPeriod('dayGridMonth', '2030-01-31', 1)).toBe('2030-02-28');
    expect(shiftPeriod('dayGridMonth', '2030-12-15', 1)).toBe('2031-01-15');
    expect(shiftPeriod('timeGridWeek', '2030-06-12', 1)).toBe('2030-06-19');
    expect(shiftPeriod('listWeek', '2030-06-12', -1)).toBe('2030-06-05');
    expect(shiftPeriod('timeGridDay', '2030-06-30', 1)).toBe('2030-07-01');
  });

  it('titles a month, a week and a day in the person’s language', () => {
    // Intl puts thin spaces around a range's dash.
    const title = (...args: Parameters<typeof periodTitle>) => periodTitle(...args).replace(/\s/g, ' ');
    expect(title('dayGridMonth', '2030-06-12', 'en')).toBe('June 2030');
    expect(title('timeGridDay', '2030-06-05', 'en')).toBe('June 5, 2030');
    expect(title('listWeek', '2026-12-02', 'en')).toBe('November 29 – December 5, 2026');
    expect(title('timeGridWeek', '2030-06-12', 'en')).toBe('June 9 – 15, 2030');
    // Croatian weeks start on Monday, and Intl writes its own month names and order.
    expect(title('timeGridWeek', '2030-06-12', 'hr')).toMatch(/^10\..*16\..*2030/);
    expect(title('dayGridMonth', '2030-06-12', 'de')).toBe('Juni 2030');
  });

  it('takes today from the company’s zone, not the browser’s', () => {
    const lateEvening = new Date('2030-06-05T23:30:00Z');
    expect(todayIn('Europe/Zagreb', lateEvening)).toBe('2030-06-06');
    expect(todayIn('America/New_York', lateEvening)).toBe('2030-06-05');
  });
});
