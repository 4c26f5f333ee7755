import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';

export type ThrottleRule = { limit: number; windowMs: number };

/**
 * Throttling rules for the account endpoints (docs/product.md §9), in one table
 * for the modules that apply them (sign-in in auth, the current-password check
 * in users). Windows are fixed, per key.
 */
export const THROTTLE = {
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * Per client address, across accounts: a ceiling against spraying many accounts, high enough
   * that people behind one proxy don't lock each other out (decision 034).
   */
  loginFailuresPerAddress: { limit: 100, windowMs: 15 * 60_000 },
  /** Current-password checks of a signed-in person (password change, two-factor settings). */
  currentPasswordChecksPerPerson: { limit: 10, windowMs: 15 * 60_000 },
  resetRequestsPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  resetRequestsPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  tokenAttemptsPerAddress: { limit: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

const tooMany = (retryAfter: number) =>
  new AppError(429, 'too_many_requests', 'Too many attempts. Please wait and try again.', {
    headers: { 'retry-after': String(retryAfter) },
  });

/** Counts one attempt and refuses once the limit is passed. */
export async function countAttempt(ctx: AppContext, key: string, rule: ThrottleRule) {
  const state = await ctx.limiter.hit(key, rule.windowMs);
  if (state.count > rule.limit) throw tooMany(state.retryAfter);
}

/**
 * Takes one attempt from every counter BEFORE the secret is checked, so that
 * however many attempts arrive at once, at most `limit` of them are ever checked
 * (each hit is atomic, see rate-limiter.ts). A counter already at its limit
 * refuses first without counting anything: someone hammering a locked account
 * does not use up the budget of the address they share with others.
 */
export async function takeAttempts(ctx: AppContext, counters: { key: string; rule: ThrottleRule }[]) {
  for (const { key, rule } of counters) {
    const state = await ctx.limiter.peek(key);
    if (state.count >= rule.limit) throw tooMany(state.retryAfter);
  }
  for (const { key, rule } of counters) await countAttempt(ctx, key, rule);
}
