import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';

describe('createClock', () => {
  it('reads the real time by default', () => {
    const before = Date.now();
    const now = createClock().now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('answers the same instant as ISO, also after a test replaces now', () => {
    const clock = createClock(() => Date.UTC(2031, 2, 12, 9));
    expect(clock.nowIso()).toBe('2031-03-12T09:00:00.000Z');
    clock.now = () => 0;
    expect(clock.nowIso()).toBe('1970-01-01T00:00:00.000Z');
  });
});
