import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';

/** Throttling rules for the account endpoints (PRODUCT.md §9). Windows are fixed, per key. */
export const THROTTLE = {
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  loginFailuresPerAddress: { limit: 30, windowMs: 15 * 60_000 },
  resetRequestsPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  resetRequestsPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  tokenAttemptsPerAddress: { limit: 30, windowMs: 15 * 60_000 },
} as const;

const tooMany = (retryAfter: number) =>
  new AppError(429, 'too_many_requests', 'Too many attempts. Please wait and try again.', {
    headers: { 'retry-after': String(retryAfter) },
  });

/** Refuses when a counter has already reached its limit (counting happens separately, e.g. only on failure). */
export async function assertUnderLimit(ctx: AppContext, key: string, limit: number): Promise<void> {
  const state = await ctx.limiter.peek(key);
  if (state.count >= limit) throw tooMany(state.retryAfter);
}

/** Counts one attempt and refuses once the limit is passed. */
export async function countAttempt(ctx: AppContext, key: string, rule: { limit: number; windowMs: number }) {
  const state = await ctx.limiter.hit(key, rule.windowMs);
  if (state.count > rule.limit) throw tooMany(state.retryAfter);
}
