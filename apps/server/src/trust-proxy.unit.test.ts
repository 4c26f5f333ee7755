import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from './config.ts';

describe('TRUST_PROXY', () => {
  it('is off by default and for the usual "no" spellings', () => {
    for (const v of ['', '0', 'off', 'false', 'no']) expect(parseTrustProxy(v)).toBe(false);
  });

  it('keeps the old switch values meaning one proxy hop, never "trust everything"', () => {
    for (const v of ['1', 'on', 'true', 'yes']) expect(parseTrustProxy(v)).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
  });

  it('takes a list of proxy addresses and CIDRs, and refuses anything else', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,::1/128,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1/128',
      'loopback',
    ]);
    for (const v of ['10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', '999', '1.2.3']) {
      expect(parseTrustProxy(v)).toBeUndefined();
    }
  });

  it('turns a hop count into a check that trusts exactly that many hops from the socket', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust).toBe('function');
    const check = trust as (address: string, hop: number) => boolean;
    expect(check('10.0.0.1', 0)).toBe(true);
    expect(check('192.0.2.1', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
