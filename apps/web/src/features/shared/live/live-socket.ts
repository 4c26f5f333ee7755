import type { LiveAdmin, LiveChange, LiveJob, LiveServerMessage } from '@kontora/contract/live';
// The constants from their zod-free module: this socket opens on every signed-in first load.
import { LIVE_CLOSE, LIVE_LIMITS } from '@kontora/contract/live-limits';

export type LiveStatus = 'live' | 'reconnecting' | 'offline';

export interface LiveSocketHandlers {
  onChange(change: LiveChange): void;
  /** A company job's state or progress (decision 028). */
  onJob(job: LiveJob): void;
  /** A person or a company changed (superusers only). */
  onAdmin(notice: LiveAdmin): void;
  /** Something new for the signed-in person (their own sockets only): the bell reads it. */
  onNotification(): void;
  /** Too much was missed while away: refetch what is on screen. */
  onResync(): void;
  onAccessChanged(): void;
  onStatus(status: LiveStatus): void;
}

/** First reconnect delay; doubled on every failed try, up to LIVE_LIMITS.reconnectMaxMs. */
const FIRST_RETRY_MS = 500;

/**
 * One connection to `/api/ws` for a session token and a company
 * (packages/contract/src/live.ts): the token goes in the first message, never
 * in the address. Without a company (a superuser on the admin screens) it
 * subscribes to none and carries admin notices only. Remembers the last event id and resumes from it after any
 * drop, reconnecting with exponential back-off (with jitter, so that clients
 * of a restarted server do not all come back at once).
 */
export class LiveSocket {
  readonly #token: string;
  readonly #companyId: number | null;
  readonly #on: LiveSocketHandlers;
  #ws: WebSocket | null = null;
  #lastId: number | undefined;
  #attempt = 0;
  #stopped = false;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #watchdog: ReturnType<typeof setTimeout> | undefined;

  constructor(token: string, companyId: number | null, handlers: LiveSocketHandlers) {
    this.#token = token;
    this.#companyId = companyId;
    this.#on = handlers;
  }

  start(): void {
    window.addEventListener('online', this.#online);
    window.addEventListener('offline', this.#offline);
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    window.removeEventListener('online', this.#online);
    window.removeEventListener('offline', this.#offline);
    clearTimeout(this.#retry);
    clearTimeout(this.#watchdog);
    this.#ws?.close(1000, 'done');
    this.#ws = null;
  }

  readonly #online = () => {
    if (this.#ws) return;
    clearTimeout(this.#retry);
    this.#attempt = 0;
    this.#connect();
  };

  readonly #offline = () => {
    this.#on.onStatus('offline');
    if (this.#ws) this.#giveUp(this.#ws, 1000, 'offline');
  };

  /** While the browser says it has no network, "offline" through every retry, not "reconnecting" at each dial. */
  #notLive(): LiveStatus {
    return navigator.onLine === false ? 'offline' : 'reconnecting';
  }

  #connect(): void {
    if (this.#stopped) return;
    this.#on.onStatus(this.#notLive());
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}/api/ws`);
    this.#ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'auth', token: this.#token }));
      this.#heard();
    };
    ws.onmessage = (event) => {
      if (this.#ws !== ws) return;
      this.#heard();
      this.#receive(ws, JSON.parse(String(event.data)) as LiveServerMessage);
    };
    ws.onclose = (event) => this.#lost(ws, event.code);
    // Watched from the dial: a handshake lost on the way may neither open nor fail for minutes.
    this.#heard();
  }

  /**
   * Closes a connection and goes on at once: on a dead network the close event
   * waits for a closing handshake the peer cannot answer (minutes, in Chromium).
   */
  #giveUp(ws: WebSocket, code: number, reason: string): void {
    ws.close(code, reason);
    this.#lost(ws, code);
  }

  #lost(ws: WebSocket, code: number): void {
    // A connection given up earlier, whose close event comes late.
    if (this.#ws !== ws) return;
    this.#ws = null;
    clearTimeout(this.#watchdog);
    if (this.#stopped) return;
    // Signed out, disabled or no longer a member: reconnecting would be refused the same way,
    // also when the browser comes back online, so the socket stops for good.
    if (code === LIVE_CLOSE.unauthenticated || code === LIVE_CLOSE.forbidden) {
      this.stop();
      this.#on.onStatus('offline');
      return;
    }
    this.#on.onStatus(this.#notLive());
    const delay = Math.min(LIVE_LIMITS.reconnectMaxMs, FIRST_RETRY_MS * 2 ** this.#attempt);
    this.#attempt++;
    this.#retry = setTimeout(() => this.#connect(), delay / 2 + (Math.random() * delay) / 2);
  }

  #receive(ws: WebSocket, message: LiveServerMessage): void {
    switch (message.type) {
      case 'ready':
        if (this.#companyId === null) {
          this.#live();
          return;
        }
        ws.send(
          JSON.stringify({
            type: 'subscribe',
            company_id: this.#companyId,
            ...(this.#lastId === undefined ? {} : { after: this.#lastId }),
          }),
        );
        return;
      case 'subscribed':
        this.#lastId ??= message.last_id;
        this.#live();
        return;
      case 'resync':
        this.#lastId = message.last_id;
        this.#on.onResync();
        return;
      case 'access_changed':
        this.#on.onAccessChanged();
        return;
      case 'ping':
        ws.send(JSON.stringify({ type: 'pong' }));
        return;
      case 'pong':
        return;
      case 'job':
        // Not part of the feed: it moves no resume position.
        this.#on.onJob(message);
        return;
      case 'admin':
        // Neither is this: its id is a person's or a company's, no feed position.
        this.#on.onAdmin(message);
        return;
      case 'notification':
        // A person's, not the company's feed: no resume position either.
        this.#on.onNotification();
        return;
      default:
        this.#lastId = Math.max(this.#lastId ?? 0, message.id);
        this.#on.onChange(message);
    }
  }

  #live(): void {
    this.#attempt = 0;
    this.#on.onStatus('live');
  }

  /** A server that says nothing for the silence limit is gone (a dropped network rarely tells): reconnect. */
  #heard(): void {
    clearTimeout(this.#watchdog);
    const ws = this.#ws;
    if (ws)
      this.#watchdog = setTimeout(() => this.#giveUp(ws, LIVE_CLOSE.silent, 'silent'), LIVE_LIMITS.idleMs);
  }
}
