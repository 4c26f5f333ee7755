import type { ChangeEntry } from '@kontora/contract/change-feed';
import { LIVE_CLOSE, LIVE_LIMITS, LiveClientMessage, type LiveServerMessage } from '@kontora/contract/live';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { checkCompanyAccess } from '../../plugins/access.ts';
import { authenticate } from '../auth/session.service.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';
import { newestChangeId } from './live.repository.ts';
import type { LiveHub } from './live-hub.ts';
import { isSessionTokenShape, moduleOfChange, toLiveChange } from './live-messages.ts';

/** Past this much unsent data a client is too slow to follow: it is closed and resumes when it can. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * One socket's protocol (packages/contract/src/live.ts): the token in the
 * first message, then one company subscription at a time. Messages are
 * handled one after another, so a subscribe never overtakes its auth.
 */
export class LiveConnection {
  principal: Principal | null = null;
  companyId: number | null = null;
  lastHeard = Date.now();
  lastPinged = Date.now();
  checkedAt = Date.now();
  #token = '';
  #modules = new Set<number>();
  /** Entries pushed while a subscribe replays the missed ones; sent (past the replay) when it is done. */
  #held: { entry: ChangeEntry; text: string }[] | null = null;
  /** Entries up to this id reached the client by a replay (or are covered by its resync): not sent again. */
  #sentUpTo = 0;
  #queue: Promise<void> = Promise.resolve();
  /** Messages the client may still send now (a token bucket: LIVE_LIMITS.messageBurst, refilled per second). */
  #allowance: number = LIVE_LIMITS.messageBurst;
  #allowanceAt = Date.now();
  #closed = false;
  readonly #authTimer: NodeJS.Timeout;
  readonly ctx: AppContext;
  readonly hub: LiveHub;
  readonly socket: WebSocket;
  /** The request's logger only: keeping the upgrade request itself would hold its objects for the socket's life. */
  readonly log: FastifyBaseLogger;

  constructor(ctx: AppContext, hub: LiveHub, socket: WebSocket, log: FastifyBaseLogger) {
    this.ctx = ctx;
    this.hub = hub;
    this.socket = socket;
    this.log = log;
    this.#authTimer = setTimeout(
      () => this.close(LIVE_CLOSE.unauthenticated, 'no_token'),
      hub.options.authTimeoutMs,
    );
    socket.on('message', (data, isBinary) => {
      this.lastHeard = Date.now();
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
      if (isBinary || size > LIVE_LIMITS.messageMaxBytes)
        return this.close(LIVE_CLOSE.badMessage, 'bad_message');
      // A flood of tiny messages would keep this process answering one socket before anyone
      // else's request: past its allowance the socket is closed, and ws stops reading it.
      if (!this.#takeAllowance()) return this.close(LIVE_CLOSE.tooManyMessages, 'too_many_messages');
      this.#queue = this.#queue.then(() => this.#handle(String(data))).catch((err) => this.#fail(err));
    });
    socket.on('close', () => this.#dispose());
    socket.on('error', () => this.#dispose());
  }

  #takeAllowance(): boolean {
    const now = Date.now();
    this.#allowance = Math.min(
      LIVE_LIMITS.messageBurst,
      this.#allowance + ((now - this.#allowanceAt) / 1000) * LIVE_LIMITS.messagesPerSecond,
    );
    this.#allowanceAt = now;
    if (this.#allowance < 1) return false;
    this.#allowance -= 1;
    return true;
  }

  get userId(): number | null {
    return this.principal?.user.id ?? null;
  }

  send(message: LiveServerMessage | string): void {
    if (this.#closed) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(1013, 'too_slow');
      return;
    }
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  close(code: number, reason: string): void {
    if (this.#closed) return;
    this.socket.close(code, reason);
    this.#dispose();
  }

  /** A committed change of the subscribed company (`text` is its message, serialised once for every socket). */
  push(entry: ChangeEntry, text: string): void {
    if (this.#held) {
      this.#held.push({ entry, text });
      return;
    }
    if (entry.id > this.#sentUpTo && this.#mayReceive(entry)) this.send(text);
  }

  /**
   * A job's event or a settings notice, for people who may use `module`; not held during a
   * replay: it is not part of the feed and carries no id to order by.
   */
  pushToModule(module: number, text: string): void {
    if (this.#modules.has(module)) this.send(text);
  }

  /** An admin notice: to superusers only, subscribed to a company or not. `principal` is as of the last check. */
  pushAdmin(text: string): void {
    if (this.principal?.user.is_admin) this.send(text);
  }

  /** Checks the session and the company again (called whenever rights may have changed). */
  recheck(): Promise<void> {
    this.#queue = this.#queue.then(() => this.#recheck()).catch((err) => this.#fail(err));
    return this.#queue;
  }

  async #handle(text: string): Promise<void> {
    if (this.#closed) return;
    let parsed: ReturnType<typeof LiveClientMessage.safeParse>;
    try {
      parsed = LiveClientMessage.safeParse(JSON.parse(text));
    } catch {
      return this.close(LIVE_CLOSE.badMessage, 'bad_message');
    }
    if (!parsed.success) return this.close(LIVE_CLOSE.badMessage, 'bad_message');
    const message = parsed.data;
    if (message.type === 'auth') return this.#auth(message.token);
    if (!this.principal) return this.close(LIVE_CLOSE.unauthenticated, 'auth_first');
    if (message.type === 'subscribe') return this.#subscribe(message.company_id, message.after);
    if (message.type === 'ping') this.send({ type: 'pong' });
  }

  async #auth(token: string): Promise<void> {
    if (this.principal) return this.close(LIVE_CLOSE.badMessage, 'already_authenticated');
    if (!isSessionTokenShape(token)) return this.close(LIVE_CLOSE.unauthenticated, 'not_a_session_token');
    try {
      this.principal = await authenticate(this.ctx, token);
    } catch (err) {
      if (err instanceof AppError) return this.close(LIVE_CLOSE.unauthenticated, err.code);
      throw err;
    }
    clearTimeout(this.#authTimer);
    if (this.#closed) return;
    this.#token = token;
    this.checkedAt = Date.now();
    this.hub.add(this);
    this.send({ type: 'ready' });
  }

  async #subscribe(companyId: number, after: number | undefined): Promise<void> {
    const principal = this.principal as Principal;
    let modules: number[];
    try {
      modules = (await checkCompanyAccess(this.ctx, principal, companyId, { kind: 'company' })).modules;
    } catch (err) {
      if (err instanceof AppError) return this.close(LIVE_CLOSE.forbidden, err.code);
      throw err;
    }
    if (this.#closed) return;
    // Registered before anything is read: an entry that commits from here on is pushed (and held),
    // one that committed before is in the replay read below. Sending only ids past the replay joins them.
    this.#modules = new Set(modules);
    this.#held = [];
    this.hub.subscribe(this, companyId);
    this.companyId = companyId;
    const newest = await newestChangeId(this.ctx.db, companyId);
    this.send({ type: 'subscribed', company_id: companyId, last_id: newest });
    let sentUpTo = 0;
    if (after !== undefined && after < newest) {
      const missed = await readChanges(this.ctx, companyId, after, LIVE_LIMITS.replayMaxEvents);
      const oldest = missed[0] ? Date.parse(missed[0].created_at) : Date.now();
      // A full page that ends before the newest id means more were missed than a replay carries.
      const tooMany = missed.length >= LIVE_LIMITS.replayMaxEvents && (missed.at(-1)?.id ?? 0) < newest;
      if (tooMany || Date.now() - oldest > LIVE_LIMITS.replayMaxAgeMs) {
        this.send({ type: 'resync', last_id: newest });
        sentUpTo = newest;
      } else {
        for (const entry of missed)
          if (this.#mayReceive(entry)) this.send(JSON.stringify(toLiveChange(entry)));
        sentUpTo = missed.at(-1)?.id ?? after;
      }
    }
    const held = this.#held ?? [];
    this.#held = null;
    this.#sentUpTo = sentUpTo;
    for (const { entry, text } of held) this.push(entry, text);
  }

  async #recheck(): Promise<void> {
    if (this.#closed || !this.principal) return;
    this.checkedAt = Date.now();
    try {
      this.principal = await authenticate(this.ctx, this.#token);
    } catch (err) {
      if (err instanceof AppError) return this.close(LIVE_CLOSE.unauthenticated, 'session_ended');
      throw err;
    }
    if (this.companyId === null) return;
    let modules: number[];
    try {
      modules = (await checkCompanyAccess(this.ctx, this.principal, this.companyId, { kind: 'company' }))
        .modules;
    } catch (err) {
      if (err instanceof AppError) return this.close(LIVE_CLOSE.forbidden, err.code);
      throw err;
    }
    const changed = modules.length !== this.#modules.size || modules.some((m) => !this.#modules.has(m));
    this.#modules = new Set(modules);
    if (changed) this.send({ type: 'access_changed' });
  }

  #mayReceive(entry: ChangeEntry): boolean {
    const module = moduleOfChange(entry.type);
    return module === null || this.#modules.has(module);
  }

  #fail(err: unknown): void {
    this.log.error({ err }, 'live socket failed');
    this.close(1011, 'server_error');
  }

  #dispose(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#authTimer);
    this.hub.remove(this);
  }
}
