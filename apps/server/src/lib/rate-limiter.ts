import type { Redis } from 'ioredis';

export interface LimitResult {
  /** Hits so far in the current window, including this one when counted. */
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters keyed by purpose and subject (e.g. `login:ip:1.2.3.4`).
 * In memory for one instance; Redis when REDIS_URL is set, so several API instances
 * share the same counts (decision 034).
 */
export interface RateLimiter {
  /** Whether other instances count in the same windows (Redis), or only this one does (memory). */
  readonly shared: boolean;
  /**
   * Counts one hit and answers the count including it, atomically: of N hits arriving
   * at once, exactly one sees each count, so "take, then act if within the limit"
   * lets at most `limit` of them act.
   */
  hit(key: string, windowMs: number): Promise<LimitResult>;
  /**
   * Counts `n` hits at once, as atomically as `hit`, and answers the count including them
   * and the milliseconds until the window resets (for callers that count in batches).
   */
  add(key: string, n: number, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes back one hit of the current window (an attempt that turned out to be legitimate). */
  giveBack(key: string): Promise<void>;
  peek(key: string): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }, 60_000);
  sweep.unref();
  const result = (w: { count: number; resetAt: number } | undefined): LimitResult =>
    w
      ? { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - Date.now()) / 1000)) }
      : { count: 0, retryAfter: 0 };
  const add = (key: string, n: number, windowMs: number) => {
    let w = live(key);
    if (!w) {
      w = { count: 0, resetAt: Date.now() + windowMs };
      windows.set(key, w);
    }
    w.count += n;
    return w;
  };
  return {
    shared: false,
    async hit(key, windowMs) {
      return result(add(key, 1, windowMs));
    },
    async add(key, n, windowMs) {
      const w = add(key, n, windowMs);
      return { count: w.count, resetInMs: Math.max(1, w.resetAt - Date.now()) };
    },
    async giveBack(key) {
      const w = live(key);
      if (w && w.count > 0) w.count--;
    },
    async peek(key) {
      return result(live(key));
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** Decrements only a counter that still exists, so a late give-back never creates a key without expiry. */
const GIVE_BACK = "if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end return 0";

export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const add = async (key: string, n: number, windowMs: number) => {
    const k = prefix + key;
    // One MULTI: the window's expiry is set by whichever hit creates the key, in the same
    // transaction as the increment, so no key can be left without expiry and no count is shared.
    const [, [, count], [, ttl]] = (await redis
      .multi()
      .set(k, '0', 'PX', windowMs, 'NX')
      .incrby(k, n)
      .pttl(k)
      .exec()) as [[null, unknown], [null, number], [null, number]];
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  };
  return {
    shared: true,
    async hit(key, windowMs) {
      const { count, resetInMs } = await add(key, 1, windowMs);
      return { count, retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) };
    },
    add,
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, prefix + key);
    },
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return count
        ? { count: Number(count), retryAfter: Math.max(1, Math.ceil(ttl / 1000)) }
        : { count: 0, retryAfter: 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
