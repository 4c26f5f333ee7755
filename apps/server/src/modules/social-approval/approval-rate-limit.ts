import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The approval routes are public: the token is the only credential, so every call
 * from one address counts, before the token is even looked up. Generous enough
 * for a client clicking around a page, far too few to guess a 256-bit token
 * (decision 023). Shared across instances through the limiter (Redis when set).
 */
export const APPROVAL_RATE = { limit: 60, windowMs: 10 * 60_000 } as const;

export async function countApprovalCall(ctx: AppContext, address: string): Promise<void> {
  const { count, retryAfter } = await ctx.limiter.hit(
    `social-approval:ip:${address}`,
    APPROVAL_RATE.windowMs,
  );
  if (count > APPROVAL_RATE.limit) {
    throw new AppError(429, 'too_many_requests', 'Too many requests. Please wait and try again.', {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}
