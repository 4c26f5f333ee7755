import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelay } from './webhook-delivery.ts';
import { retryAfter } from './webhook-sender.ts';
import { newWebhookSecret, signedHeaders } from './webhook-signing.ts';

describe('signing', () => {
  it('signs as Standard Webhooks verifies, with either of two secrets', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    const body = JSON.stringify({
      type: 'customer.created',
      timestamp: new Date().toISOString(),
      data: { id: 1 },
    });
    const headers = signedHeaders([a, b], 'msg_1', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(a).verify(body, headers)).toMatchObject({ data: { id: 1 } });
    expect(new Webhook(b).verify(body, headers)).toMatchObject({ data: { id: 1 } });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});

describe('retry schedule', () => {
  it('follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h with ±10 % jitter, and Retry-After when longer', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    for (const [i, base] of RETRY_DELAYS_MS.entries()) {
      const d = retryDelay(i + 1, 1, null);
      expect(d).toBeGreaterThanOrEqual(base * 0.9 - 1);
      expect(d).toBeLessThanOrEqual(base * 1.1 + 1);
    }
    expect(retryDelay(1, 1, 120)).toBe(120_000);
    expect(retryAfter('30')).toBe(30);
    expect(retryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(50);
    expect(retryAfter('soon')).toBeNull();
  });
});
