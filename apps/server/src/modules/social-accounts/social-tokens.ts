import type { Config } from '../../config.ts';
import { createSecretBox } from '../../lib/secret-box.ts';

/**
 * Tokens at rest: sealed with SECRET_KEY (AES-256-GCM, the helper two-factor uses
 * for its seeds) under their own purpose, so a copy of the database alone publishes nothing.
 */
export function tokenBox(config: Config) {
  const box = createSecretBox(config.secretKey, 'social-tokens');
  return {
    seal: (plain: string | null) => (plain === null ? null : box.seal(Buffer.from(plain, 'utf8'))),
    open: (sealed: string | null) => (sealed === null ? null : box.open(sealed).toString('utf8')),
  };
}
