import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize } from './media-format.ts';

describe('media formats', () => {
  it('shows sizes in KB below a megabyte, else in MB', () => {
    expect(formatFileSize(512, 'en')).toBe('0.5 kB');
    expect(formatFileSize(300 * 1024, 'en')).toBe('300 kB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(200 * 1024 * 1024, 'en')).toBe('200 MB');
    expect(formatFileSize(1024 * 1024 * 1024, 'en')).toBe('1 GB');
    expect(formatFileSize(2.5 * 1024 * 1024 * 1024, 'de')).toBe('2,5\u00a0GB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'hr')).toBe('1,5 MB');
  });

  it('shows durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(2_000)).toBe('0:02');
    expect(formatDuration(125_400)).toBe('2:05');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
});
