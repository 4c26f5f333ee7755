import { describe, expect, it } from 'vitest';
import { presetRange } from './stats-range.ts';

describe('presetRange', () => {
  it('counts each preset up to today, both days included', () => {
    expect(presetRange('month', '2030-05-17')).toEqual({ from: '2030-05-01', to: '2030-05-17' });
    expect(presetRange('last30', '2030-03-05')).toEqual({ from: '2030-02-04', to: '2030-03-05' });
    expect(presetRange('quarter', '2030-05-17')).toEqual({ from: '2030-04-01', to: '2030-05-17' });
    expect(presetRange('quarter', '2030-12-31')).toEqual({ from: '2030-10-01', to: '2030-12-31' });
    expect(presetRange('year', '2030-05-17')).toEqual({ from: '2030-01-01', to: '2030-05-17' });
    expect(presetRange('all', '2030-05-17')).toBeNull();
    expect(presetRange('custom', '2030-05-17')).toBeNull();
  });
});
