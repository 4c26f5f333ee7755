import { useCallback, useRef, useState } from 'react';

/**
 * One create per click (docs/decisions/053-one-create-per-click.md). A form that creates
 * something sends through `useCreateAttempt`: while its request is in flight a second
 * submit is ignored (a double click reaches the handler before the disabled button is
 * drawn), and every request carries an `Idempotency-Key`, so that a retry the server has
 * already answered makes no second record either.
 */

/** What a create's request gets: its body, and the key of this attempt at sending it. */
export type Keyed<T> = { body: T; key: string };

/**
 * A new key: 128 random bits in hex. Not `crypto.randomUUID()`: that exists only in secure
 * contexts, and the app may be served over plain HTTP inside a network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The attempts of one form, without React. An attempt's key lives as long as the form sends
 * the same body: a retry after a failure reuses it (the server repeats a first answer that
 * was lost), a changed body or a success starts a new attempt with a new key.
 */
export function createAttempts(makeKey: () => string = newIdempotencyKey) {
  let inFlight = false;
  let current: { key: string; body: string } | null = null;
  return {
    /** The key to send `body` with, or null while another send of this form is in flight. */
    begin(body: unknown): string | null {
      if (inFlight) return null;
      inFlight = true;
      const sent = JSON.stringify(body ?? null);
      if (current?.body !== sent) current = { key: makeKey(), body: sent };
      return current.key;
    },
    /** The send ended; after a success the next one is a new attempt. */
    end(succeeded: boolean): void {
      inFlight = false;
      if (succeeded) current = null;
    },
  };
}

export type CreateAttempt = {
  /** True while a request is in flight: the submit is disabled and shows a spinner. */
  busy: boolean;
  /**
   * Sends `body` with `request(key)` unless a send is in flight already; answers the
   * request's answer, or undefined for an ignored (second) submit. Errors reach the caller.
   */
  send<T>(body: unknown, request: (key: string) => Promise<T>): Promise<T | undefined>;
  /** `send` for a create mutation that takes `{ body, key }` (its `mutateAsync`). */
  create<B, T>(mutate: (variables: Keyed<B>) => Promise<T>, body: B): Promise<T | undefined>;
};

export function useCreateAttempt(): CreateAttempt {
  const attempts = useRef<ReturnType<typeof createAttempts>>(null);
  attempts.current ??= createAttempts();
  const [busy, setBusy] = useState(false);
  const send = useCallback(async <T>(body: unknown, request: (key: string) => Promise<T>) => {
    const key = attempts.current?.begin(body);
    if (!key) return undefined;
    setBusy(true);
    let succeeded = false;
    try {
      const answer = await request(key);
      succeeded = true;
      return answer;
    } finally {
      attempts.current?.end(succeeded);
      setBusy(false);
    }
  }, []);
  const create = useCallback(
    <B, T>(mutate: (variables: Keyed<B>) => Promise<T>, body: B) =>
      send(body, (key) => mutate({ body, key })),
    [send],
  );
  return { busy, send, create };
}
