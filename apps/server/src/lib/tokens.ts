import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only the hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 is right here: tokens are high-entropy, so no slow hash is needed to resist guessing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The real time as ISO; code with the app context reads `ctx.clock.nowIso()` (clock.ts) instead. */
export const nowIso = (): string => new Date().toISOString();
export const isoIn = (ms: number, from = Date.now()): string => new Date(from + ms).toISOString();
