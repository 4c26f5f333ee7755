import type { LiveChange } from '@kontora/contract/live';
import { describe, expect, it, vi } from 'vitest';
import { COMPANY_ID, fakeBrowserForEachTest, TOKEN } from './fake-live-browser.ts';

const browser = fakeBrowserForEachTest();

const change = (id: number): LiveChange => ({
  type: 'customer.updated',
  id,
  entity_id: 1,
  version: id,
  actor_name: 'Ana',
  at: '2026-01-01T00:00:00Z',
});

/** The server drops the connection; the client waits its back-off and dials again. */
function dropAndRedial(): void {
  browser().current().end(1001);
  vi.advanceTimersByTime(500);
}

/** What the client says first on the last connection, once the server has said ready. */
function openingMessages(): Record<string, unknown>[] {
  const ws = browser().current();
  ws.accept();
  ws.say({ type: 'ready' });
  return ws.sent;
}

describe('resuming', () => {
  it('sends the token first, then subscribes from the last event it received', () => {
    // Never in the address: addresses end up in logs.
    expect(browser().current().url).toBe('wss://crm.test/api/ws');
    expect(openingMessages()).toEqual([
      { type: 'auth', token: TOKEN },
      { type: 'subscribe', company_id: COMPANY_ID },
    ]);
    const ws = browser().current();
    ws.say({ type: 'subscribed', company_id: COMPANY_ID, last_id: 40 });
    ws.say(change(41));
    ws.say(change(42));
    // Job and admin messages are no feed position.
    ws.say({
      type: 'job',
      job_id: 'j',
      name: 'import',
      state: 'active',
      progress: 5,
      message: null,
      run_at: null,
      at: '',
    });
    ws.say({ type: 'admin', kind: 'user.updated', id: 999, actor_name: null, at: '' });
    dropAndRedial();
    expect(openingMessages()).toEqual([
      { type: 'auth', token: TOKEN },
      { type: 'subscribe', company_id: COMPANY_ID, after: 42 },
    ]);
  });

  it('with no event received yet, resumes from the newest id the server named; after a resync, from its id', () => {
    browser().connect(40);
    dropAndRedial();
    expect(openingMessages().at(-1)).toEqual({ type: 'subscribe', company_id: COMPANY_ID, after: 40 });
    browser().current().say({ type: 'resync', last_id: 2_000 });
    dropAndRedial();
    expect(openingMessages().at(-1)).toEqual({ type: 'subscribe', company_id: COMPANY_ID, after: 2_000 });
  });
});

describe('the status', () => {
  it('goes reconnecting → live, and back to reconnecting then live when the connection drops', () => {
    browser().connect();
    dropAndRedial();
    browser().connect();
    expect(browser().statuses).toEqual(['reconnecting', 'live', 'reconnecting', 'reconnecting', 'live']);
  });

  it('is offline while the browser is, through every retry, and live again as soon as it is back online', () => {
    const ws = browser().connect();
    browser().goOffline();
    expect(browser().statuses.at(-1)).toBe('offline');
    expect(ws.closedWith?.reason).toBe('offline');
    // Dials made meanwhile fail at once, as in a browser without network.
    for (let retry = 0; retry < 5; retry++) {
      vi.advanceTimersToNextTimer();
      browser().current().end(1006);
    }
    expect(browser().statuses.slice(browser().statuses.indexOf('offline'))).not.toContain('reconnecting');
    const dials = browser().dialCount();
    browser().goOnline();
    // At once, not after the back-off reached meanwhile.
    expect(browser().dialCount()).toBe(dials + 1);
    browser().connect();
    expect(browser().statuses.at(-1)).toBe('live');
  });
});
