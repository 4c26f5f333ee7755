import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;

function totpOf(seed: Buffer, label = '', issuer = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: new Secret({ buffer: new Uint8Array(seed).buffer }),
  });
}

/** 20 random bytes (160 bits), the length RFC 4226 recommends for SHA-1. */
export function newTotpSeed(): Buffer {
  return randomBytes(20);
}

export function base32Of(seed: Buffer): string {
  return new Secret({ buffer: new Uint8Array(seed).buffer }).base32;
}

export function otpauthUrl(seed: Buffer, account: string, issuer: string): string {
  return totpOf(seed, account, issuer).toString();
}

/**
 * The time step a code belongs to when it is valid now, one step before or one
 * after (clocks drift); null otherwise. The caller refuses a step already used.
 */
export function matchingStep(seed: Buffer, code: string, now = Date.now()): number | null {
  const delta = totpOf(seed).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
