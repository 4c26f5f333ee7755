import { describe, expect, it } from 'vitest';
import { changedFields, scrubSecrets } from './audit.service.ts';

describe('scrubSecrets', () => {
  it('drops secret-looking keys at any depth and keeps the rest', () => {
    expect(
      scrubSecrets({
        email: 'a@b.c',
        password_hash: 'x',
        settings: { api_key: 'k', url: 'https://x', nested: [{ client_secret: 's', name: 'n' }] },
        token: 't',
        missing: undefined,
      }),
    ).toEqual({ email: 'a@b.c', settings: { url: 'https://x', nested: [{ name: 'n' }] } });
  });
});

describe('changedFields', () => {
  it('keeps only what changed on each side', () => {
    expect(changedFields({ a: 1, b: [1], c: 'x' }, { a: 1, b: [1, 2], c: 'y' })).toEqual({
      before: { b: [1], c: 'x' },
      after: { b: [1, 2], c: 'y' },
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
  });
});
