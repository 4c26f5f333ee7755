import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

/**
 * argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane.
 * node:crypto runs it on the libuv thread pool, off the event loop.
 * Encoded as a PHC string so parameters can be raised later and old hashes still verify.
 */
const PRODUCTION = { memory: 19_456, passes: 2, parallelism: 1 };
/** Test suites hash hundreds of passwords; the format and code path stay identical. */
const FAST = { memory: 1_024, passes: 1, parallelism: 1 };

let params = PRODUCTION;
export function useFastHashingForTests(): void {
  params = FAST;
}
export const productionHashParams = PRODUCTION;

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await argon2Async('argon2id', { message: password, nonce, tagLength: 32, ...params });
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${nonce.toString('base64url')}$${tag.toString('base64url')}`;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(encoded);
  if (!match) return false;
  const [, m, t, p, nonceText, tagText] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(tagText, 'base64url');
  const actual = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(nonceText, 'base64url'),
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the account does not exist, so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
