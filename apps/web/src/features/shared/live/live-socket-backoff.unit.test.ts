import { LIVE_CLOSE, LIVE_LIMITS } from '@kontora/contract/live-limits';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowserForEachTest } from './fake-live-browser.ts';

const browser = fakeBrowserForEachTest();

/** Fails the current dial (a network error closes with 1006) and answers how long until the next one. */
function failAndTimeTheRetry(): number {
  const dials = browser().dialCount();
  browser().current().end(1006);
  const failedAt = Date.now();
  vi.advanceTimersToNextTimer();
  expect(browser().dialCount()).toBe(dials + 1);
  return Date.now() - failedAt;
}

/** Half of each delay is fixed, half random: with Math.random() at 0, 0.5 and (its bound) 1. */
const NOMINAL = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000];

describe('reconnecting', () => {
  it.each([
    [0, 0.5],
    [0.5, 0.75],
    [1, 1],
  ])('waits from 0.5 s, doubling, never over 30 s (Math.random() = %s: %s of the step)', (dice, share) => {
    vi.spyOn(Math, 'random').mockReturnValue(dice);
    const delays = NOMINAL.map(() => failAndTimeTheRetry());
    expect(delays).toEqual(NOMINAL.map((step) => step * share));
    expect(Math.max(...delays)).toBeLessThanOrEqual(LIVE_LIMITS.reconnectMaxMs);
  });

  it('starts again from 0.5 s once a connection has been live', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    for (const _ of NOMINAL) failAndTimeTheRetry();
    browser().connect();
    expect(failAndTimeTheRetry()).toBe(500);
  });

  it.each([1001, 1006, 1013, LIVE_CLOSE.badMessage, LIVE_CLOSE.silent])(
    'dials again after the server closes with %s',
    (code) => {
      browser().connect();
      browser().current().end(code);
      expect(browser().statuses.at(-1)).toBe('reconnecting');
      vi.advanceTimersByTime(500);
      expect(browser().dialCount()).toBe(2);
    },
  );

  it.each([LIVE_CLOSE.unauthenticated, LIVE_CLOSE.forbidden])(
    'after %s is offline for good: no dial later, nor when the browser comes back online',
    (code) => {
      browser().connect();
      browser().current().end(code);
      expect(browser().statuses.at(-1)).toBe('offline');
      vi.advanceTimersByTime(10 * 60_000);
      browser().goOffline();
      browser().goOnline();
      vi.advanceTimersByTime(10 * 60_000);
      expect(browser().dialCount()).toBe(1);
      expect(browser().statuses.at(-1)).toBe('offline');
    },
  );
});
