import { describe, expect, it } from 'vitest';
import {
  API_KEY_LENGTH,
  apiKeyChecksum,
  findApiKeys,
  isWellFormedApiKey,
  newApiKey,
} from './api-key-format.ts';

describe('API key format', () => {
  it('is kon_ + 30 base62 characters + a 6-character checksum', () => {
    const key = newApiKey();
    expect(key).toMatch(/^kon_[0-9A-Za-z]{36}$/);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('carries at least 128 random bits: 30 base62 characters, all different across many keys', () => {
    expect(30 * Math.log2(62)).toBeGreaterThan(128);
    const keys = new Set(Array.from({ length: 2000 }, newApiKey));
    expect(keys.size).toBe(2000);
  });

  it('uses the whole alphabet in the random part', () => {
    const seen = new Set(
      Array.from({ length: 300 }, newApiKey)
        .map((k) => k.slice(4, 34))
        .join(''),
    );
    expect(seen.size).toBe(62);
  });

  it('checks the checksum: a CRC32 of the body, fixed width with leading zeros', () => {
    // The standard CRC32 check value: CRC32("123456789") = 0xCBF43926, which is 3jZRME in base62.
    expect(apiKeyChecksum('123456789')).toBe('3jZRME');
    expect(apiKeyChecksum('')).toBe('000000');
    const key = newApiKey();
    const body = key.slice(0, -6);
    expect(key.slice(-6)).toBe(apiKeyChecksum(body));
  });

  it('refuses a key with one character changed, a wrong prefix or a wrong length', () => {
    const key = newApiKey();
    const i = 10;
    const swapped = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    expect(isWellFormedApiKey(swapped)).toBe(false);
    expect(isWellFormedApiKey(`kox_${key.slice(4)}`)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}0`)).toBe(false);
    expect(isWellFormedApiKey(key.replace(/.$/, '-'))).toBe(false);
  });

  it('finds the well-formed keys in a text and ignores look-alikes', () => {
    const a = newApiKey();
    const b = newApiKey();
    const fake = `kon_${'x'.repeat(36)}`;
    const text = `export TOKEN=${a}\nold: ${fake} and "${b}".`;
    expect(findApiKeys(text)).toEqual([a, b]);
  });
});
