import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const box = createSecretBox(key, 'totp');
    const secret = randomBytes(20);
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret.toString('base64url'));
    expect(box.open(sealed).equals(secret)).toBe(true);
  });

  it('refuses another key, another purpose, or an altered text', () => {
    const sealed = createSecretBox(key, 'totp').seal(Buffer.from('seed'));
    expect(() => createSecretBox(randomBytes(32), 'totp').open(sealed)).toThrow();
    expect(() => createSecretBox(key, 'other').open(sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${v}.${iv}.${tag}.${(body ?? '').startsWith('A') ? 'B' : 'A'}${(body ?? '').slice(1)}`;
    expect(() => createSecretBox(key, 'totp').open(flipped)).toThrow();
  });

  it('accepts a configured key of any length (a passphrase SECRET_KEY)', () => {
    const box = createSecretBox(Buffer.from('short passphrase'), 'totp');
    expect(box.open(box.seal(Buffer.from('x'))).toString()).toBe('x');
  });
});
