import { addDays } from '@kontora/contract/time-zone';
import type { StatsRange } from '../../../shared/api/get-crm-stats.ts';

export const RANGE_PRESETS = ['all', 'month', 'last30', 'quarter', 'year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The days a preset covers, counted from `today` ("YYYY-MM-DD"); null for "all time" and "custom". */
export function presetRange(preset: RangePreset, today: string): StatsRange {
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  switch (preset) {
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'quarter': {
      const first = month - ((month - 1) % 3);
      return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
    }
    case 'year':
      return { from: `${year}-01-01`, to: today };
    default:
      return null;
  }
}
