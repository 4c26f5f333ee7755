import { ConnectorAuthError, ConnectorRequestError, ConnectorUnreachableError } from './connector-errors.ts';
import { type RequestThrottle, sleep } from './request-throttle.ts';

/** One request gets this long. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Times a request is tried again after a 429 (waiting Retry-After) or a 5xx / network error. */
const MAX_RETRIES = 5;
/** Retry-After is followed up to this long; a longer wait fails the run, which its job retries later. */
const RETRY_AFTER_MAX_MS = 120_000;
/** Without a Retry-After, a 429 waits this long (HubSpot's burst window). */
const DEFAULT_429_WAIT_MS = 10_000;

export interface ProviderHttp {
  baseUrl: string;
  headers: Record<string, string>;
  throttle: RequestThrottle;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** A second throttle this call also passes (HubSpot's search has its own, lower limit). */
  throttle?: RequestThrottle;
  /** Tries after the first (default 5); the connect test answers the person at once instead. */
  retries?: number;
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
 * 4xx ConnectorRequestError with the provider's message.
 */
export async function providerRequest<T = unknown>(
  http: ProviderHttp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const url = new URL(http.baseUrl + path);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const retries = options.retries ?? MAX_RETRIES;
  for (let attempt = 0; ; attempt++) {
    await http.throttle.take(options.signal);
    if (options.throttle) await options.throttle.take(options.signal);
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      response = await fetch(url, {
        method,
        headers: {
          ...http.headers,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
        redirect: 'error',
      });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      if (attempt >= retries)
        throw new ConnectorUnreachableError(
          `${url.host} could not be reached: ${String((err as Error).cause ?? err)}`,
        );
      await sleep(1000 * 2 ** attempt, options.signal);
      continue;
    }
    const text = await response.text();
    if (response.status === 429 || response.status >= 500) {
      const asked = response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : null;
      const wait = asked ?? (response.status === 429 ? DEFAULT_429_WAIT_MS : 1000 * 2 ** attempt);
      if (attempt >= retries || wait > RETRY_AFTER_MAX_MS) {
        throw new ConnectorUnreachableError(
          `${method} ${url.pathname} answered ${response.status} ${messageOf(text)}`,
        );
      }
      await sleep(wait, options.signal);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      throw new ConnectorAuthError(`The provider refused the token (${response.status}): ${messageOf(text)}`);
    }
    if (response.status >= 400) {
      throw new ConnectorRequestError(
        `${method} ${url.pathname} answered ${response.status}: ${messageOf(text)}`,
        response.status,
      );
    }
    if (text === '') return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ConnectorUnreachableError(`${url.host} answered something that is not JSON`);
    }
  }
}

/** The provider's own error message, when its answer has one. */
function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: string; error?: string };
    return String(body.message ?? body.error ?? '').slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}
