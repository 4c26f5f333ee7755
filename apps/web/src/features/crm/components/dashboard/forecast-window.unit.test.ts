import { describe, expect, it } from 'vitest';
import { forecastPeriodOf, forecastWindow } from './forecast-window.ts';

describe('forecastWindow', () => {
  it('covers the months back to this one and as many ahead, across year ends', () => {
    expect(forecastWindow(6, '2026-11')).toEqual({ from: '2026-06', to: '2027-05' });
    expect(forecastWindow(3, '2026-01')).toEqual({ from: '2025-11', to: '2026-04' });
    expect(forecastWindow(12, '2026-12')).toEqual({ from: '2026-01', to: '2027-12' });
  });

  it('reads only the offered periods from the address', () => {
    expect(forecastPeriodOf('12')).toBe(12);
    expect(forecastPeriodOf('7')).toBe(6);
    expect(forecastPeriodOf(null)).toBe(6);
    expect(forecastPeriodOf('abc')).toBe(6);
  });
});
