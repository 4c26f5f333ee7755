import { describe, expect, it } from 'vitest';
import { hashPassword, productionHashParams, verifyPassword } from './passwords.ts';

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
