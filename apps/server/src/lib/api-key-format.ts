import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX } from '@kontora/contract/api-keys';

/**
 * The shape of an API key, after GitHub's token format: a prefix people and
 * leak scanners recognise (`kon_`), 30 random base62 characters (about 178
 * bits), and a 6-character base62 CRC32 of everything before it. A scanner
 * checks the checksum offline and so reports only real-looking keys; the
 * server refuses a mistyped key without a database look-up.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 30;
/** 62^6 > 2^32, so every CRC32 fits in six characters. */
const CHECKSUM_CHARS = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_CHARS + CHECKSUM_CHARS;

/** Finds candidate keys in any text (for scanners); check each with isWellFormedApiKey. */
export const API_KEY_PATTERN = new RegExp(
  `\\b${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS + CHECKSUM_CHARS}}\\b`,
  'g',
);

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** The checksum of a key's body (prefix + random part), as the last six characters carry it. */
export function apiKeyChecksum(body: string): string {
  return base62(crc32(body), CHECKSUM_CHARS);
}

/** A new key. Bytes of 248 and above are dropped, so every character is equally likely. */
export function newApiKey(): string {
  let random = '';
  while (random.length < RANDOM_CHARS) {
    for (const byte of randomBytes(40)) {
      if (byte < 248 && random.length < RANDOM_CHARS) random += ALPHABET[byte % 62];
    }
  }
  const body = API_KEY_PREFIX + random;
  return body + apiKeyChecksum(body);
}

/** Whether the text is exactly one key with a valid checksum (it may still be unknown or revoked). */
export function isWellFormedApiKey(text: string): boolean {
  if (text.length !== API_KEY_LENGTH || !text.startsWith(API_KEY_PREFIX)) return false;
  if (!/^[0-9A-Za-z]+$/.test(text.slice(API_KEY_PREFIX.length))) return false;
  const body = text.slice(0, -CHECKSUM_CHARS);
  return apiKeyChecksum(body) === text.slice(-CHECKSUM_CHARS);
}

/** Every well-formed key in a text (a log line, a commit): what a leak scanner reports. */
export function findApiKeys(text: string): string[] {
  return [...text.matchAll(API_KEY_PATTERN)].map((m) => m[0]).filter(isWellFormedApiKey);
}
