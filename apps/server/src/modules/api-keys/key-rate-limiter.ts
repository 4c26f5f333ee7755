import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/** A key's limit is a number of requests in a fixed window of a minute (decision 013). */
export const KEY_WINDOW_MS = 60_000;

/**
 * With a shared counter, an instance reserves this share of a key's limit at a time (at least 1):
 * other instances can hold at most this much each, reserved and not yet used.
 */
const BATCH_SHARE = 1 / 50;

/** What one request of a key learns: whether it is over the limit, and the `RateLimit-*` values. */
export interface KeyRate {
  over: boolean;
  remaining: number;
  /** Seconds until the window resets, at least 1. */
  reset: number;
}

export interface KeyRateLimiter {
  /**
   * Counts one request of the key. Answers at once while this instance holds allowance for
   * the key's window; a Promise when it must first reserve more in the shared counter.
   */
  count(keyId: number, limit: number, now: number): KeyRate | Promise<KeyRate>;
  close(): void;
}

/** One key's window as this instance sees it. */
interface KeyWindow {
  /** When the window ends here (ctx.clock): never later than in the shared counter. */
  resetAt: number;
  /** Requests admitted here in this window. */
  used: number;
  /** Requests this instance may admit in this window. */
  granted: number;
  /** Hits this instance added to the shared counter in this window. */
  reserved: number;
  /** Hits the other instances had added, as the last reservation saw. */
  others: number;
  /** The shared count reached the limit: nothing more to reserve until the window ends. */
  exhausted: boolean;
  /** The reservation in flight, which the requests arriving meanwhile wait for. */
  pending: Promise<void> | undefined;
}

const rateOf = (w: KeyWindow, limit: number, now: number, over: boolean): KeyRate => ({
  over,
  remaining: Math.max(0, limit - w.others - w.used),
  reset: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
});

/**
 * Per-key rate limits counted in this process, so that a request of a key costs no await and
 * no round trip (docs/decisions/105-api-key-rate-limit-in-process.md).
 *
 * Alone (memory limiter), the count is exact: a window starts with the key's first request and
 * admits `limit` requests. With a shared limiter (Redis), an instance reserves hits in batches
 * (BATCH_SHARE of the limit) in the shared window of the key and admits requests locally from
 * what it was granted. Granted hits never exceed the limit, so all instances together never
 * admit more than the limit in a window; the other way, each other instance can hold up to one
 * batch less one reserved and unused, so a key may be refused that many requests early. The
 * local window ends when the shared one does, measured from before the reservation was sent, so
 * it never outlives it.
 */
export function createKeyRateLimiter(shared: RateLimiter, clock: Clock): KeyRateLimiter {
  const windows = new Map<number, KeyWindow>();
  const sweep = setInterval(() => {
    const now = clock.now();
    for (const [id, w] of windows)
      if (!w.pending && (w.resetAt <= now || w.reserved === 0)) windows.delete(id);
  }, KEY_WINDOW_MS);
  sweep.unref();

  const open = (keyId: number, limit: number, now: number): KeyWindow => {
    // Alone, the whole limit is this instance's from the start; shared, it is reserved in batches.
    const w: KeyWindow = shared.shared
      ? {
          resetAt: Number.POSITIVE_INFINITY,
          used: 0,
          granted: 0,
          reserved: 0,
          others: 0,
          exhausted: false,
          pending: undefined,
        }
      : {
          resetAt: now + KEY_WINDOW_MS,
          used: 0,
          granted: limit,
          reserved: limit,
          others: 0,
          exhausted: true,
          pending: undefined,
        };
    windows.set(keyId, w);
    return w;
  };

  const reserve = async (keyId: number, w: KeyWindow, limit: number): Promise<void> => {
    const sentAt = clock.now();
    const batch = Math.max(1, Math.min(Math.floor(limit * BATCH_SHARE), limit - w.others - w.reserved));
    const { count, resetInMs } = await shared.add(`api-key:${keyId}`, batch, KEY_WINDOW_MS);
    const before = count - batch;
    if (before < w.others + w.reserved) {
      // The shared count went down: its window ended (or the store was emptied) and this batch opened a new one.
      w.used = 0;
      w.granted = 0;
      w.reserved = 0;
    }
    w.others = before - w.reserved;
    w.reserved += batch;
    w.granted += Math.max(0, Math.min(batch, limit - before));
    w.exhausted = count >= limit;
    w.resetAt = sentAt + resetInMs;
  };

  const afterReserving = async (keyId: number, w: KeyWindow, limit: number): Promise<KeyRate> => {
    for (;;) {
      w.pending ??= reserve(keyId, w, limit).finally(() => {
        w.pending = undefined;
      });
      await w.pending;
      const now = clock.now();
      if (windows.get(keyId) !== w || w.resetAt <= now) return counted(keyId, limit, now);
      if (w.used < w.granted) {
        w.used++;
        return rateOf(w, limit, now, false);
      }
      if (w.exhausted) return rateOf(w, limit, now, true);
      // The requests that waited with this one took the batch: reserve again.
    }
  };

  const counted = (keyId: number, limit: number, now: number): KeyRate | Promise<KeyRate> => {
    let w = windows.get(keyId);
    if (w === undefined || w.resetAt <= now) w = open(keyId, limit, now);
    if (w.used < w.granted) {
      w.used++;
      return rateOf(w, limit, now, false);
    }
    if (w.exhausted) return rateOf(w, limit, now, true);
    return afterReserving(keyId, w, limit);
  };

  return {
    count: counted,
    close() {
      clearInterval(sweep);
    },
  };
}
