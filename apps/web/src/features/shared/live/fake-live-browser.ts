import type { LiveServerMessage } from '@kontora/contract/live';
import { afterEach, beforeEach, vi } from 'vitest';
import { LiveSocket, type LiveStatus } from './live-socket.ts';

/**
 * A browser for LiveSocket's unit tests (node has no window): a WebSocket the
 * test plays the server of, `window` online/offline events and
 * `navigator.onLine`, all stubbed on globalThis. Timers are vitest's fake ones.
 */
export class FakeWebSocket {
  static readonly dialled: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly sent: Record<string, unknown>[] = [];
  /** What the client passed to close(), if it did. */
  closedWith: { code: number; reason: string } | null = null;

  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.dialled.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  /** Like a browser on a dead connection: no close event until the peer answers, which it may never do. */
  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
  }

  // The server's side.
  accept(): void {
    this.onopen?.();
  }

  say(message: LiveServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** The connection ends: closed by the server, or a dial that failed (1006). */
  end(code: number): void {
    this.onclose?.({ code });
  }
}

export type FakeBrowser = {
  socket: LiveSocket;
  statuses: LiveStatus[];
  /** The connection dialled last. */
  current(): FakeWebSocket;
  dialCount(): number;
  /** Accepts the last dial and answers auth and subscribe, as the server does: the status is live. */
  connect(lastId?: number): FakeWebSocket;
  goOffline(): void;
  goOnline(): void;
};

export const COMPANY_ID = 7;
export const TOKEN = 'a-session-token';

/** A LiveSocket for company 7 started in a fake browser; undo with vi.unstubAllGlobals(). */
export function startInFakeBrowser(): FakeBrowser {
  FakeWebSocket.dialled.length = 0;
  const window = Object.assign(new EventTarget(), { location: { protocol: 'https:', host: 'crm.test' } });
  const navigator = { onLine: true };
  vi.stubGlobal('window', window);
  vi.stubGlobal('navigator', navigator);
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const statuses: LiveStatus[] = [];
  const socket = new LiveSocket(TOKEN, COMPANY_ID, {
    onChange() {},
    onJob() {},
    onAdmin() {},
    onNotification() {},
    onResync() {},
    onAccessChanged() {},
    onStatus: (status) => statuses.push(status),
  });
  socket.start();
  const current = () => {
    const last = FakeWebSocket.dialled.at(-1);
    if (!last) throw new Error('nothing dialled');
    return last;
  };
  return {
    socket,
    statuses,
    current,
    dialCount: () => FakeWebSocket.dialled.length,
    connect(lastId = 0) {
      const ws = current();
      ws.accept();
      ws.say({ type: 'ready' });
      ws.say({ type: 'subscribed', company_id: COMPANY_ID, last_id: lastId });
      return ws;
    },
    goOffline() {
      navigator.onLine = false;
      window.dispatchEvent(new Event('offline'));
    },
    goOnline() {
      navigator.onLine = true;
      window.dispatchEvent(new Event('online'));
    },
  };
}

/**
 * A fresh fake browser for each test of the file, on fake timers, with Math.random() at 0
 * (the shortest back-off: "dials again" comes at most 0.5 s after a first drop).
 */
export function fakeBrowserForEachTest(): () => FakeBrowser {
  let browser: FakeBrowser | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    browser = startInFakeBrowser();
  });
  afterEach(() => {
    browser?.socket.stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return () => {
    if (!browser) throw new Error('only inside a test');
    return browser;
  };
}
