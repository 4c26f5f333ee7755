import { describe, expect, it } from 'vitest';
import { allowList, resolveGuardedAddress } from './address-guard.ts';
import { isBlockedAddress } from './blocked-addresses.ts';
import { guardedHttp } from './guarded-http.ts';

describe('address guard', () => {
  it('blocks private, loopback, link-local, metadata, IPv4-mapped and IPv4-compatible addresses', () => {
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
      '::ffff:7f00:1',
      '::127.0.0.1',
      '::7f00:1',
      '::a00:1',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:1.1.1.1'])
      expect(isBlockedAddress(a), a).toBe(false);
  });

  it('lets allow-listed hosts and ranges through, and nothing else', async () => {
    const none = allowList([]);
    await expect(resolveGuardedAddress(new URL('http://127.0.0.1:9/'), none)).rejects.toThrow(/not public/);
    await expect(resolveGuardedAddress(new URL('http://[fd00:ec2::254]/'), none)).rejects.toThrow(
      /not public/,
    );
    const ranges = allowList(['127.0.0.0/8', 'receiver.internal']);
    expect(await resolveGuardedAddress(new URL('http://127.0.0.1:9/'), ranges)).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(resolveGuardedAddress(new URL('http://10.0.0.1/'), ranges)).rejects.toThrow(/not public/);
    await expect(resolveGuardedAddress(new URL('http://localhost:9/'), ranges)).resolves.toBeDefined();
  });
});

describe('guarded client, before any socket', () => {
  const resolvingTo = (address: string) =>
    guardedHttp(
      () => [],
      async () => [{ address, family: address.includes(':') ? 6 : 4 }],
    );
  const options = { method: 'GET', timeoutMs: 1000, maxBytes: 1000, overflow: 'fail' as const };

  it('refuses a name resolving to a non-public address, in any spelling', async () => {
    for (const address of ['127.0.0.1', '::127.0.0.1', '::ffff:7f00:1', '169.254.169.254']) {
      await expect(
        resolvingTo(address).request(new URL('http://x.test/'), options),
        address,
      ).rejects.toMatchObject({
        code: 'private_address',
      });
    }
  });

  it('never calls a URL carrying user info', async () => {
    await expect(
      resolvingTo('93.184.216.34').request(new URL('http://u:p@x.test/'), options),
    ).rejects.toMatchObject({ code: 'invalid_url' });
  });
});
