import type { OutboundFailure } from '../../lib/outbound-http/guarded-http.ts';
import type { PushResult } from './connector.ts';

/** The provider refused the token (401/403). */
export class ConnectorAuthError extends Error {}

/** Why a provider could not be used, in our words (the provider's own text is never passed on). */
export type ConnectorFailure = OutboundFailure | 'provider_failed' | 'provider_redirected' | 'not_json';

/** The provider could not be reached, or answered something that is not its API. */
export class ConnectorUnreachableError extends Error {
  readonly code: ConnectorFailure;
  constructor(code: ConnectorFailure, message: string) {
    super(message);
    this.code = code;
  }
}

/** The provider refused one request for a reason of its own (4xx other than auth and 429). */
export class ConnectorRequestError extends Error {
  readonly code = 'provider_rejected';
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/**
 * The provider's budget is used up until `until` (a daily budget, or a
 * Retry-After longer than a run waits): the connection pauses until then.
 */
export class ConnectorPausedError extends Error {
  readonly until: number;
  constructor(until: number, why: string) {
    super(`${why} Paused until ${new Date(until).toISOString()}.`);
    this.until = until;
  }
}

/** A push that stopped part-way (a provider without batch writes): the answers it had, and why it stopped. */
export class PushInterrupted extends Error {
  readonly done: PushResult[];
  readonly reason: unknown;
  constructor(done: PushResult[], reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.done = done;
    this.reason = reason;
  }
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
