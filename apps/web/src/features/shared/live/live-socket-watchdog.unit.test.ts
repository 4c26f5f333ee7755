import { LIVE_CLOSE, LIVE_LIMITS } from '@kontora/contract/live-limits';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowserForEachTest } from './fake-live-browser.ts';

const browser = fakeBrowserForEachTest();

describe('the silence watchdog', () => {
  it('closes a connection silent for 60 s and dials again, without waiting for a dead peer to answer the close', () => {
    const ws = browser().connect();
    vi.advanceTimersByTime(LIVE_LIMITS.idleMs - 1);
    expect(ws.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(ws.closedWith).toEqual({ code: LIVE_CLOSE.silent, reason: 'silent' });
    expect(browser().statuses.at(-1)).toBe('reconnecting');
    // The gone peer never ends the connection (fake-live-browser.ts): the client goes on by itself.
    vi.advanceTimersByTime(500);
    expect(browser().dialCount()).toBe(2);
  });

  it('is kept quiet by the server’s heartbeats: pings every 25 s for an hour, each answered', () => {
    const ws = browser().connect();
    for (let minute = 0; minute < 60; minute += 0.5) {
      vi.advanceTimersByTime(LIVE_LIMITS.heartbeatMs);
      ws.say({ type: 'ping' });
    }
    expect(ws.closedWith).toBeNull();
    expect(browser().dialCount()).toBe(1);
    expect(ws.sent.filter((message) => message.type === 'pong')).toHaveLength(120);
  });

  it('gives up a dial that neither opens nor fails within 60 s (a handshake lost on the way)', () => {
    const ws = browser().current();
    vi.advanceTimersByTime(LIVE_LIMITS.idleMs);
    expect(ws.closedWith?.code).toBe(LIVE_CLOSE.silent);
    vi.advanceTimersByTime(500);
    expect(browser().dialCount()).toBe(2);
  });

  it('ignores the close event a given-up connection sends late', () => {
    const stale = browser().connect();
    vi.advanceTimersByTime(LIVE_LIMITS.idleMs + 500);
    browser().connect();
    stale.end(LIVE_CLOSE.silent);
    expect(browser().statuses.at(-1)).toBe('live');
    vi.advanceTimersByTime(LIVE_LIMITS.reconnectMaxMs);
    expect(browser().dialCount()).toBe(2);
  });
});
