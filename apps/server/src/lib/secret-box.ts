import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets at rest (TOTP seeds) with AES-256-GCM under a key
 * derived from SECRET_KEY. HKDF with a purpose label gives a 32-byte key
 * whatever the configured key's length, and a different key per purpose, so
 * a secret encrypted for one use cannot be replayed as another.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url); the version leaves
 * room to rotate the scheme later.
 */
export function createSecretBox(secretKey: Buffer, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `kontora:${purpose}`, 32));
  return {
    seal(plain: Buffer): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    /** Throws when the text was not sealed with this key and purpose or was altered. */
    open(sealed: string): Buffer {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    },
  };
}

const cachedBoxes = new WeakMap<Buffer, Map<string, ReturnType<typeof createSecretBox>>>();
/** The box of this key and purpose, derived once per configured key (the config is read at every call). */
export function secretBoxFor(secretKey: Buffer, purpose: string): ReturnType<typeof createSecretBox> {
  let byPurpose = cachedBoxes.get(secretKey);
  if (!byPurpose) {
    byPurpose = new Map();
    cachedBoxes.set(secretKey, byPurpose);
  }
  let box = byPurpose.get(purpose);
  if (!box) {
    box = createSecretBox(secretKey, purpose);
    byPurpose.set(purpose, box);
  }
  return box;
}
