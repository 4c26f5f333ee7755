import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, productionHashParams, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses argon2id at OWASP parameters (≥ 19 MiB, ≥ 2 passes) by default', async () => {
    expect(productionHashParams.memory).toBeGreaterThanOrEqual(19_456);
    expect(productionHashParams.passes).toBeGreaterThanOrEqual(2);
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterx', a)).toBe(false);
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
  });
});

describe('isCommonPassword', () => {
  it('refuses common passwords and their digit-suffixed forms', () => {
    for (const p of [
      'password123',
      'Password2026!',
      'qwertyuiop',
      '1234567890',
      'iloveyou12',
      'aaaaaaaaaaaa',
      'abcdefghijk',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });
  it('refuses the email’s own name', () => {
    expect(isCommonPassword('ana.horvat2026', 'ana.horvat@example.com')).toBe(true);
  });
  it('accepts ordinary passphrases', () => {
    for (const p of ['correct horse battery', 'kontora-demo-2026', 'Zagreb je lijep grad'])
      expect(isCommonPassword(p), p).toBe(false);
  });
});
