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

/** Reads a network's error message from the shapes they use (`error.message`, `errors[].message`, `detail`…). */
function networkMessage(json: any, status: number): string {
  const candidates = [
    json?.error?.message,
    json?.errors?.[0]?.message,
    json?.errors?.[0]?.detail,
    json?.detail,
    json?.message,
    json?.error_description,
    typeof json?.error === 'string' ? json.error : undefined,
    json?.title,
  ];
  const found = candidates.find((c) => typeof c === 'string' && c.trim() !== '');
  return (found ?? `HTTP ${status}`).slice(0, 500);
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

/** The error a status means for the queue (see SocialErrorKind). */
export function errorOf(status: number, json: any, headers: Headers): SocialError {
  const message = networkMessage(json, status);
  if (status === 429) return new SocialError('transient', 'rate_limited', message, retryAfterMs(headers));
  if (status >= 500)
    return new SocialError('transient', 'network_unavailable', message, retryAfterMs(headers));
  if (status === 401) return new SocialError('permanent', 'auth_expired', message);
  if (status === 403) return new SocialError('permanent', 'permission_denied', message);
  return new SocialError('permanent', 'rejected', message);
}

/** The slowest upload rate a chunk is given time for (256 KiB/s): 10 MB get 40 s. */
const UPLOAD_BYTES_PER_SECOND = 256 * 1024;

/**
 * One HTTP call to a network with a deadline. A call whose request went out but
 * whose answer did not come back in time is `unknown` (it may have taken
 * effect); a connection that could not be made is `transient`.
 */
export function createHttp(timeoutMs: number) {
  return async function http(url: string, options: HttpOptions = {}): Promise<HttpAnswer> {
    const target = new URL(url);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) target.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: RequestInit['body'];
    const raw = options.body;
    if (raw === undefined || raw === null) body = undefined;
    else if (
      typeof raw === 'string' ||
      raw instanceof URLSearchParams ||
      raw instanceof FormData ||
      raw instanceof Uint8Array
    ) {
      body = raw as RequestInit['body'];
    } else {
      body = JSON.stringify(raw);
      headers['content-type'] ??= 'application/json';
    }
    // A deadline that grows with the bytes sent: a 10 MB video chunk may take longer than a JSON call.
    const sending = body instanceof Uint8Array ? body.length : 0;
    const deadline = Math.max(timeoutMs, Math.ceil((sending / UPLOAD_BYTES_PER_SECOND) * 1000));
    const signals = [AbortSignal.timeout(deadline), ...(options.signal ? [options.signal] : [])];
    let response: Response;
    try {
      response = await fetch(target, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: AbortSignal.any(signals),
        redirect: 'manual',
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        throw new SocialError(
          'transient',
          'network_unavailable',
          `${target.host} could not be reached (${code}).`,
        );
      }
      throw new SocialError('unknown', 'timeout', `${target.host} did not answer in time.`);
    }
    let text = '';
    try {
      text = await response.text();
    } catch {
      throw new SocialError('unknown', 'timeout', `${target.host} did not finish its answer in time.`);
    }
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { message: text.slice(0, 300) };
    }
    const ok = (response.status >= 200 && response.status < 300) || options.accept?.includes(response.status);
    if (!ok) throw errorOf(response.status, json, response.headers);
    return { status: response.status, headers: response.headers, json, text };
  };
}

export type Http = ReturnType<typeof createHttp>;

/** `Authorization: Basic` of a client id and secret (token endpoints of X and others). */
export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
