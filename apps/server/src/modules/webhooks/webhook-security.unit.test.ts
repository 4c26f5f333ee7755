import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { allowList, isBlockedAddress, resolveDeliveryAddress } from './webhook-address-guard.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelay } from './webhook-delivery.ts';
import { retryAfter } from './webhook-sender.ts';
import { newWebhookSecret, signedHeaders } from './webhook-signing.ts';

describe('address guard', () => {
  it('blocks private, loopback, link-local, metadata and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.5',
      '172.20.1.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isBlockedAddress(a), a).toBe(false);
  });

  it('lets allow-listed hosts and ranges through, and nothing else', async () => {
    const none = allowList([]);
    await expect(resolveDeliveryAddress(new URL('http://127.0.0.1:9/'), none)).rejects.toThrow(/not public/);
    await expect(resolveDeliveryAddress(new URL('http://[fd00:ec2::254]/'), none)).rejects.toThrow(
      /not public/,
    );
    const ranges = allowList(['127.0.0.0/8', 'receiver.internal']);
    expect(await resolveDeliveryAddress(new URL('http://127.0.0.1:9/'), ranges)).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(resolveDeliveryAddress(new URL('http://10.0.0.1/'), ranges)).rejects.toThrow(/not public/);
    await expect(resolveDeliveryAddress(new URL('http://localhost:9/'), ranges)).resolves.toBeDefined();
  });
});

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
