import {
  type GuardedHttp,
  type OutboundAnswer,
  OutboundError,
} from '../../lib/outbound-http/guarded-http.ts';
import {
  ConnectorAuthError,
  ConnectorPausedError,
  ConnectorRequestError,
  ConnectorUnreachableError,
  errorText,
} from './connector-errors.ts';
import { type RequestThrottle, sleep } from './request-throttle.ts';

/** One request gets this long. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A larger answer is not read (a page of 100 records is far smaller). */
const ANSWER_MAX_BYTES = 16 * 1024 * 1024;
/** Times a request is tried again after a 429 (waiting Retry-After) or a 5xx / network error. */
const MAX_RETRIES = 5;
/** Retry-After is followed up to this long; a longer wait fails the run, which its job retries later. */
const RETRY_AFTER_MAX_MS = 120_000;
/** Without a Retry-After, a 429 waits this long (HubSpot's burst window). */
const DEFAULT_429_WAIT_MS = 10_000;

/** What a provider's rate-limit headers say: hold the next request, or pause until the budget resets. */
export interface LimitReading {
  holdMs?: number;
  pauseUntil?: number;
}

export interface ProviderHttp {
  baseUrl: string;
  /** Every request goes through the guarded client (docs/decisions/031-one-guarded-outbound-client.md). */
  outbound: GuardedHttp;
  headers: Record<string, string>;
  throttle: RequestThrottle;
  /** Reads the provider's rate-limit headers of every answer (Pipedrive's daily budget). */
  readLimits?: (headers: Headers, now: number) => LimitReading;
  /** Set when an answer said the budget is used up: the next request pauses the run instead. */
  pausedUntil?: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** A second throttle this call also passes (HubSpot's search has its own, lower limit). */
  throttle?: RequestThrottle;
  /** Tries after the first (default 5); the connect test answers the person at once instead. */
  retries?: number;
  /**
   * A create: a 5xx or a lost answer is not tried again, as the record may
   * exist already; the sync looks it up before creating it again.
   */
  once?: boolean;
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date). */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value.trim()) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A JSON request to a provider, throttled, with 429 Retry-After honoured and
 * 5xx / network failures tried again a few times. Answers the parsed body
 * (null for an empty one, e.g. 204); 401/403 throw ConnectorAuthError, other
 * 4xx ConnectorRequestError. Errors say the status and a code of ours, never
 * the provider's text: whatever answered, its words do not reach the caller.
 */
export async function providerRequest<T = unknown>(
  http: ProviderHttp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const url = new URL(http.baseUrl + path);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const retries = options.retries ?? MAX_RETRIES;
  for (let attempt = 0; ; attempt++) {
    const paused = http.pausedUntil;
    if (paused !== undefined) {
      // Once: the run pauses and saves it; the next run after that time asks the provider again.
      http.pausedUntil = undefined;
      if (paused > Date.now())
        throw new ConnectorPausedError(paused, 'The provider’s daily budget is used up.');
    }
    await http.throttle.take(options.signal);
    if (options.throttle) await options.throttle.take(options.signal);
    let response: OutboundAnswer;
    try {
      response = await http.outbound.request(url, {
        method,
        headers: {
          ...http.headers,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: options.signal,
        timeoutMs: REQUEST_TIMEOUT_MS,
        maxBytes: ANSWER_MAX_BYTES,
        overflow: 'fail',
      });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      const code = err instanceof OutboundError ? err.code : 'unreachable';
      // A refused address or an answer too large will not change on a retry; a lost connection may.
      const final = code !== 'unreachable' && code !== 'timeout';
      if (final || attempt >= retries || options.once)
        throw new ConnectorUnreachableError(code, errorText(err));
      await sleep(1000 * 2 ** attempt, options.signal);
      continue;
    }
    const limits = http.readLimits?.(response.headers, Date.now()) ?? {};
    if (limits.holdMs) http.throttle.holdFor(limits.holdMs);
    if (limits.pauseUntil) http.pausedUntil = limits.pauseUntil;
    if (response.status === 429 || response.status >= 500) {
      const asked = response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : null;
      const wait = asked ?? (response.status === 429 ? DEFAULT_429_WAIT_MS : 1000 * 2 ** attempt);
      if (response.status === 429 && (limits.pauseUntil || wait > RETRY_AFTER_MAX_MS)) {
        http.pausedUntil = undefined;
        throw new ConnectorPausedError(
          limits.pauseUntil ?? Date.now() + wait,
          'The provider refused more requests for now (429).',
        );
      }
      if (attempt >= retries || (options.once && response.status !== 429)) {
        throw new ConnectorUnreachableError(
          'provider_failed',
          `${method} ${url.pathname} answered ${response.status}.`,
        );
      }
      await sleep(wait, options.signal);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      throw new ConnectorAuthError(`The provider refused the token (${response.status}).`);
    }
    if (response.status >= 400) {
      throw new ConnectorRequestError(
        `${method} ${url.pathname} answered ${response.status}.`,
        response.status,
      );
    }
    if (response.status >= 300) {
      // Redirects are not followed: the address they name was not checked.
      throw new ConnectorUnreachableError(
        'provider_redirected',
        `${method} ${url.pathname} answered ${response.status} (redirects are not followed).`,
      );
    }
    const text = response.body.toString('utf8');
    if (text === '') return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ConnectorUnreachableError('not_json', `${url.host} answered something that is not JSON.`);
    }
  }
}

/** DELETE of one record; one already gone (404) is what was wanted. */
export async function deleteRecord(http: ProviderHttp, path: string, signal?: AbortSignal): Promise<void> {
  try {
    await providerRequest(http, 'DELETE', path, { signal });
  } catch (err) {
    if (!(err instanceof ConnectorRequestError && err.status === 404)) throw err;
  }
}
