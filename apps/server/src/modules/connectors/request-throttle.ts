/**
 * Keeps requests under a rate: at most `limit` starts in any `windowMs`
 * (a sliding window). The sync of one connection runs in one process at a
 * time (its lease), so a throttle per connection in that process keeps the
 * whole deployment under the provider's limit for that token.
 */
export class RequestThrottle {
  private readonly starts: number[] = [];

  readonly limit: number;
  readonly windowMs: number;
  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** No request starts before this time (the provider said its window is spent). */
  private notBefore = 0;

  /** Holds every request for `ms` (the provider's own count says the window is used up). */
  holdFor(ms: number): void {
    this.notBefore = Math.max(this.notBefore, Date.now() + ms);
  }

  /** Resolves when one more request may start, and counts it. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (now < this.notBefore) {
        await sleep(this.notBefore - now, signal);
        continue;
      }
      while (this.starts.length && (this.starts[0] as number) <= now - this.windowMs) this.starts.shift();
      if (this.starts.length < this.limit) {
        this.starts.push(now);
        return;
      }
      await sleep((this.starts[0] as number) + this.windowMs - now, signal);
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
