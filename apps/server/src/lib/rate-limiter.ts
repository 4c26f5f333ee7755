import type { Redis } from 'ioredis';

export interface LimitResult {
  /** Hits so far in the current window, including this one when counted. */
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters keyed by purpose and subject (e.g. `login-fail:ip:1.2.3.4`).
 * In memory for one instance; Redis when REDIS_URL is set, so several API instances
 * share the same counts.
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<LimitResult>;
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
  return {
    async hit(key, windowMs) {
      let w = live(key);
      if (!w) {
        w = { count: 0, resetAt: Date.now() + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return result(w);
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

export function createRedisRateLimiter(redis: Redis, prefix = 'kontora:rl:'): RateLimiter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      let ms = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        ms = windowMs;
      }
      return { count, retryAfter: Math.max(1, Math.ceil(ms / 1000)) };
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
