import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';

/** Five failed second-step attempts in 15 minutes lock the second step for 15 minutes. */
export const SECOND_STEP_LIMIT = { attempts: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

const locked = (retryAfter: number) =>
  new AppError(429, 'too_many_requests', 'Too many wrong codes. Please wait and try again.', {
    headers: { 'retry-after': String(retryAfter) },
  });

/**
 * Runs one check of a code under the person's second-step limit. The attempt
 * is counted before the code is checked (an atomic increment, in Redis when
 * configured), so codes sent in parallel are never checked more than the
 * limit allows, on any number of instances.
 */
export async function checkUnderSecondStepLimit(
  ctx: AppContext,
  userId: number,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const lockKey = `2fa-lock:user:${userId}`;
  const failKey = `2fa-fail:user:${userId}`;
  const lock = await ctx.limiter.peek(lockKey);
  if (lock.count > 0) throw locked(lock.retryAfter);
  const attempt = await ctx.limiter.hit(failKey, SECOND_STEP_LIMIT.windowMs);
  if (attempt.count > SECOND_STEP_LIMIT.attempts) throw locked(attempt.retryAfter);
  if (await check()) {
    await ctx.limiter.reset(failKey);
    return true;
  }
  // The fifth failure starts a lock of its own length, however old the first failure is.
  if (attempt.count >= SECOND_STEP_LIMIT.attempts) await ctx.limiter.hit(lockKey, SECOND_STEP_LIMIT.lockMs);
  return false;
}
