import type { ChangeEntry } from '@kontora/contract/change-feed';
import { LIVE_CLOSE, type LiveAdmin, type LiveJob } from '@kontora/contract/live';
import type { LiveNotification } from '@kontora/contract/notifications';
import { adminNoticeOfChange } from './admin-notices.ts';
import type { LiveConnection } from './live-connection.ts';
import { RIGHTS_CHANGES, toLiveChange } from './live-messages.ts';

export interface LiveOptions {
  authTimeoutMs: number;
  heartbeatMs: number;
  idleMs: number;
  /** Every socket's session and company are checked at least this often, whatever else happens. */
  recheckMs: number;
}

/**
 * Rights are evicted from the caches inside the writing transaction, before it
 * commits: a check at once could still read the old rights. So a check runs
 * shortly after the eviction and once more later, well inside the 5 s promise.
 */
const RECHECK_AFTER_EVICTION_MS = [300, 2_500];
/** How often the heartbeat sweep runs: silence is noticed within this of the 60 s. */
const SWEEP_MS = 2_000;

/**
 * This instance's open sockets, by company. The feed tailer hands it every
 * committed entry once; it serialises each entry once and sends it to the
 * company's sockets that may see it.
 */
export class LiveHub {
  readonly #all = new Set<LiveConnection>();
  readonly #byCompany = new Map<number, Set<LiveConnection>>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #sweep: NodeJS.Timeout;
  readonly options: LiveOptions;

  constructor(options: LiveOptions) {
    this.options = options;
    this.#sweep = setInterval(() => this.#heartbeat(), Math.min(SWEEP_MS, options.heartbeatMs));
    this.#sweep.unref();
  }

  get size(): number {
    return this.#all.size;
  }

  add(conn: LiveConnection): void {
    this.#all.add(conn);
  }

  subscribe(conn: LiveConnection, companyId: number): void {
    this.#leave(conn);
    let set = this.#byCompany.get(companyId);
    if (!set) {
      set = new Set();
      this.#byCompany.set(companyId, set);
    }
    set.add(conn);
  }

  remove(conn: LiveConnection): void {
    this.#all.delete(conn);
    this.#leave(conn);
  }

  /** Committed entries, in feed order. */
  deliver(entries: ChangeEntry[]): void {
    for (const entry of entries) {
      const set = this.#byCompany.get(entry.company_id);
      if (set?.size) {
        const text = JSON.stringify(toLiveChange(entry));
        for (const conn of set) conn.push(entry, text);
      }
      // The entry is committed: the new rights can be read right away.
      if (RIGHTS_CHANGES.has(entry.type)) this.recheckWhere((c) => c.companyId === entry.company_id, [0]);
      const notice = adminNoticeOfChange(entry);
      if (notice) this.#toSuperusers(notice);
    }
  }

  /**
   * A person's change (from any instance), for the admin screens. That
   * person's own sockets are checked first: one who has just lost the
   * superuser flag, or been disabled, hears nothing more, not even of that.
   */
  async deliverAdmin(notice: LiveAdmin): Promise<void> {
    const own = [...this.#all].filter((c) => c.userId === notice.id);
    await Promise.all(own.map((c) => c.recheck()));
    this.#toSuperusers(notice);
  }

  /**
   * A company's passing message (from any instance): a job's state or progress,
   * a settings notice. To that company's sockets that may use its module; with
   * `userId`, only to that person's among them.
   */
  deliverToModule(companyId: number, module: number, message: LiveJob | LiveAdmin, userId?: number): void {
    const set = this.#byCompany.get(companyId);
    if (!set?.size) return;
    const text = JSON.stringify(message);
    for (const conn of set)
      if (userId === undefined || conn.userId === userId) conn.pushToModule(module, text);
  }

  /** Something new for one person (docs/decisions/055-notifications.md): to their own signed-in sockets, never others'. */
  deliverToUser(userId: number, message: LiveNotification): void {
    const text = JSON.stringify(message);
    for (const conn of this.#all) if (conn.userId === userId) conn.send(text);
  }

  /** A person's sessions or account changed (sign-out, disabled, password reset) on any instance. */
  userEvicted(userId: number): void {
    this.recheckWhere((c) => c.userId === userId, RECHECK_AFTER_EVICTION_MS);
  }

  /** A company's memberships, modules or state changed on any instance. */
  companyEvicted(companyId: number): void {
    this.recheckWhere((c) => c.companyId === companyId, RECHECK_AFTER_EVICTION_MS);
  }

  recheckWhere(match: (conn: LiveConnection) => boolean, delays: number[]): void {
    for (const delay of delays) {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        for (const conn of this.#all) if (match(conn)) void conn.recheck();
      }, delay);
      timer.unref();
      this.#timers.add(timer);
    }
  }

  /** Closes every socket (the app is closing; clients reconnect elsewhere and resume). */
  stop(): void {
    clearInterval(this.#sweep);
    for (const timer of this.#timers) clearTimeout(timer);
    for (const conn of [...this.#all]) conn.close(1001, 'server_closing');
  }

  #toSuperusers(notice: LiveAdmin): void {
    const text = JSON.stringify(notice);
    for (const conn of this.#all) conn.pushAdmin(text);
  }

  #leave(conn: LiveConnection): void {
    if (conn.companyId === null) return;
    const set = this.#byCompany.get(conn.companyId);
    set?.delete(conn);
    if (set?.size === 0) this.#byCompany.delete(conn.companyId);
  }

  #heartbeat(): void {
    const now = Date.now();
    for (const conn of this.#all) {
      if (now - conn.lastHeard > this.options.idleMs) conn.close(LIVE_CLOSE.silent, 'silent');
      else if (now - conn.lastPinged >= this.options.heartbeatMs) {
        conn.lastPinged = now;
        conn.send({ type: 'ping' });
      }
      if (now - conn.checkedAt > this.options.recheckMs) void conn.recheck();
    }
  }
}
