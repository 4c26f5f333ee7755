import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes } from './recovery-codes.ts';
import { base32Of, matchingStep, newTotpSeed, otpauthUrl } from './totp.ts';

/** What an authenticator app would show at `at`, computed from the base32 text the person sees. */
const codeAt = (seed: Buffer, at: number) => new TOTP({ secret: base32Of(seed) }).generate({ timestamp: at });

describe('totp', () => {
  const seed = newTotpSeed();
  const now = Date.UTC(2026, 10, 23, 12, 0, 15);
  const step = Math.floor(now / 30_000);

  it('makes a 20-byte seed and an otpauth URL an app can read', () => {
    expect(seed).toHaveLength(20);
    const url = otpauthUrl(seed, 'ana@example.com', 'Kontora');
    expect(url).toMatch(/^otpauth:\/\/totp\/Kontora:ana%40example\.com\?/);
    expect(url).toContain(`secret=${base32Of(seed)}`);
  });

  it('accepts the current step and one step either side, nothing further', () => {
    expect(matchingStep(seed, codeAt(seed, now), now)).toBe(step);
    expect(matchingStep(seed, codeAt(seed, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(seed, codeAt(seed, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(seed, codeAt(seed, now - 60_000), now)).toBeNull();
    expect(matchingStep(seed, codeAt(seed, now + 60_000), now)).toBeNull();
  });

  it('makes ten distinct 16-character base32 recovery codes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{16}$/);
  });
});
