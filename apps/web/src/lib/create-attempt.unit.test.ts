import { describe, expect, it } from 'vitest';
import { createAttempts, newIdempotencyKey } from './create-attempt.ts';

/** Keys k1, k2, … in the order they are made. */
function counted() {
  let n = 0;
  return createAttempts(() => `k${++n}`);
}

describe('createAttempts', () => {
  it('ignores a second send while the first is in flight (a double click)', () => {
    const attempts = counted();
    expect(attempts.begin({ name: 'Acme' })).toBe('k1');
    expect(attempts.begin({ name: 'Acme' })).toBeNull();
    attempts.end(true);
    expect(attempts.begin({ name: 'Acme' })).toBe('k2');
  });

  it('reuses the key for a retry of the same body after a failure, and renews it after a success', () => {
    const attempts = counted();
    expect(attempts.begin({ name: 'Acme' })).toBe('k1');
    attempts.end(false);
    expect(attempts.begin({ name: 'Acme' })).toBe('k1');
    attempts.end(true);
    expect(attempts.begin({ name: 'Acme' })).toBe('k2');
  });

  it('starts a new attempt when the form changed after a failure', () => {
    const attempts = counted();
    expect(attempts.begin({ name: 'Acme' })).toBe('k1');
    attempts.end(false);
    expect(attempts.begin({ name: 'Acme d.o.o.' })).toBe('k2');
  });

  it('makes keys of 32 hex digits that differ', () => {
    const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});
