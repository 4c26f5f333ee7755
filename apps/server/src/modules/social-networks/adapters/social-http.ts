import {
  type GuardedHttp,
  type OutboundAnswer,
  OutboundError,
} from '../../../lib/outbound-http/guarded-http.ts';
import type { OutboundBody } from '../../../lib/outbound-http/request-body.ts';
import { errorOf } from './remote-errors.ts';
import { SocialError } from './social-adapter.ts';

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  /** JSON-encoded when a plain object; sent as is when a string, Buffer, URLSearchParams or FormData. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Statuses the caller handles itself instead of an error (e.g. 308 of a resumable upload, 404 of a lookup). */
  accept?: number[];
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  json: any;
  /** The body as received (int64 ids that JSON numbers cannot hold exactly are read from it). */
  text: string;
}

/** Retry-After in seconds or as a date; X's `x-rate-limit-reset` in epoch seconds. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const after = headers.get('retry-after');
  if (after) {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(after);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = Number(headers.get('x-rate-limit-reset'));
  return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : null;
}

/** The slowest upload rate a chunk is given time for (256 KiB/s): 10 MB get 40 s. */
const UPLOAD_BYTES_PER_SECOND = 256 * 1024;

/** Networks answer JSON of a few KB (a search, a list of pages); more is not read. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The bytes a body carries (a FormData's files and fields). */
const byteSize = (body: Uint8Array | FormData) =>
  body instanceof Uint8Array
    ? body.length
    : [...body.values()].reduce((n, v) => n + (typeof v === 'string' ? v.length : v.size), 0);

/**
 * What a request that got no answer means for the queue, in our words: the guarded
 * client's failure (docs/decisions/031-one-guarded-outbound-client.md), or the caller's
 * abort, which ends a request that went out (it may have taken effect).
 */
function failureOf(error: unknown, target: URL): SocialError {
  const host = target.host;
  if (!(error instanceof OutboundError)) {
    return new SocialError('unknown', 'timeout', `${host} did not answer in time.`);
  }
  switch (error.code) {
    case 'private_address':
      return new SocialError(
        'permanent',
        'private_address',
        `${host} is not a public address; Kontora does not call it.`,
      );
    case 'invalid_url':
      return new SocialError('permanent', 'invalid_address', `${host} is not an address Kontora calls.`);
    case 'unresolvable':
      return new SocialError('transient', 'network_unavailable', `${host} could not be found.`);
    case 'unreachable':
      // Refused: nothing was sent. A connection cut later may have carried the request.
      if (error.socketCode === 'ECONNREFUSED') {
        return new SocialError('transient', 'network_unavailable', `${host} could not be reached.`);
      }
      return new SocialError('unknown', 'timeout', `${host} did not finish its answer.`);
    case 'too_large':
      return new SocialError('unknown', 'unknown_answer', `${host} answered more than Kontora reads.`);
    default:
      return new SocialError('unknown', 'timeout', `${host} did not answer in time.`);
  }
}

/**
 * One HTTP call to a network with a deadline, through the guarded outbound client: the
 * network's address and the upload addresses it hands out are resolved once, must be
 * public (or allow-listed) and are called at the checked address, without redirects. A
 * call whose request went out but whose answer did not come back in time is `unknown`
 * (it may have taken effect); a connection that could not be made is `transient`.
 */
export function createHttp(timeoutMs: number, client: GuardedHttp) {
  return async function http(url: string, options: HttpOptions = {}): Promise<HttpAnswer> {
    const target = new URL(url);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) target.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: OutboundBody | undefined;
    const raw = options.body;
    if (raw === undefined || raw === null) body = undefined;
    else if (
      typeof raw === 'string' ||
      raw instanceof URLSearchParams ||
      raw instanceof FormData ||
      raw instanceof Uint8Array
    ) {
      body = raw;
    } else {
      body = JSON.stringify(raw);
      headers['content-type'] ??= 'application/json';
    }
    // A deadline that grows with the bytes sent: a 10 MB video chunk may take longer than a JSON call.
    const sending = body instanceof Uint8Array || body instanceof FormData ? byteSize(body) : 0;
    const deadline = Math.max(timeoutMs, Math.ceil((sending / UPLOAD_BYTES_PER_SECOND) * 1000));
    let answer: OutboundAnswer;
    try {
      answer = await client.request(target, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: options.signal,
        timeoutMs: deadline,
        maxBytes: MAX_ANSWER_BYTES,
        overflow: 'fail',
      });
    } catch (error) {
      throw failureOf(error, target);
    }
    const text = answer.body.toString('utf8');
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not the network's JSON (a proxy's page, an empty upload answer): an unknown answer if an error.
      json = null;
    }
    const ok = (answer.status >= 200 && answer.status < 300) || options.accept?.includes(answer.status);
    if (!ok) throw errorOf(answer.status, json, retryAfterMs(answer.headers));
    return { status: answer.status, headers: answer.headers, json, text };
  };
}

export type Http = ReturnType<typeof createHttp>;

/** `Authorization: Basic` of a client id and secret (token endpoints of X and others). */
export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
