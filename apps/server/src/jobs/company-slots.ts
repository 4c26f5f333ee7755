import type { Redis } from 'ioredis';

/**
 * Per-company slots for a kind of job on BullMQ, shared by every instance
 * (docs/decisions/047-fair-background-work.md). A slot is a member of a sorted
 * set scored by when its lease ends: a holder renews it while its job runs and
 * removes it at the end, and a holder whose process died loses it when the
 * lease runs out, so no slot leaks. Times are Redis's own clock, so instances
 * whose clocks disagree still agree on leases.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], lease)
  return 1
end
return 0`;

const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + lease, ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], lease)
end
return 0`;

export interface CompanySlot {
  /** True when the slot is now held (a holder asking again keeps it). */
  take(): Promise<boolean>;
  renew(): Promise<void>;
  release(): Promise<void>;
}

export function companySlot(
  redis: Redis,
  key: { prefix: string; name: string; companyId: number },
  holder: string,
  most: number,
  leaseMs: number,
): CompanySlot {
  const setKey = `${key.prefix}:company-slots:${key.name}:${key.companyId}`;
  return {
    async take() {
      return (await redis.eval(TAKE, 1, setKey, holder, most, leaseMs)) === 1;
    },
    async renew() {
      await redis.eval(RENEW, 1, setKey, holder, leaseMs);
    },
    async release() {
      await redis.zrem(setKey, holder);
    },
  };
}
