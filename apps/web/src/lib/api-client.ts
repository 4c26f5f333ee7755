import { takeEarly } from './early-requests.ts';
import { getSession } from './session.ts';

/** Error answers of the API (`{message, code, details?}`) and network failures, as one type. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, string[]>;
  /** Seconds from a 429 answer's Retry-After header. */
  readonly retryAfter: number | null;
  /** The HTTP status text, used when the answer carries no message. */
  readonly statusText: string;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    statusText?: string;
    details?: Record<string, string[]>;
    retryAfter?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.statusText = init.statusText ?? '';
    this.details = init.details ?? {};
    this.retryAfter = init.retryAfter ?? null;
  }
}

export function isApiError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

type UnauthorizedHandler = (error: ApiRequestError) => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/** The app registers what a 401 does (sign out locally, go to the login screen). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/**
 * A 401 answered to a request sent with `token`: only one that carried the
 * current token proves the session is gone (a 401 from the login form itself,
 * a wrong password, is an ordinary error). For requests made outside
 * `apiRequest` too (uploads with progress).
 */
export function reportUnauthorized(error: ApiRequestError, token: string | undefined): void {
  if (error.status === 401 && token && token === getSession().user?.token) unauthorizedHandler(error);
}

let currentLanguage = '';
/** Sent as Accept-Language so that any server-side text comes in the reader's language. */
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}

export type RequestOptions = {
  body?: unknown;
  /** A list value repeats the parameter (`custom.tier=a&custom.tier=b`: any of). */
  query?: Readonly<Record<string, string | number | readonly string[] | undefined>>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` by a create (lib/create-attempt.ts): its retries make no second record. */
  idempotencyKey?: string;
};

/** How often, and after how long, a create whose key is still running elsewhere is asked again. */
const KEY_IN_USE_RETRIES = 5;
const KEY_IN_USE_WAIT_MS = 400;
/** An import's flip holds a company for about a minute at most (a million rows). */
const IMPORT_FINISHING_RETRIES = 30;

const API_BASE = '/api';

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const one of value) params.append(key, one);
    else if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(response: Response, body: unknown): ApiRequestError {
  const payload = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof payload.message === 'string' && payload.message
      ? payload.message
      : response.statusText || (typeof body === 'string' ? body : `HTTP ${response.status}`);
  return new ApiRequestError({
    status: response.status,
    code: typeof payload.code === 'string' ? payload.code : `http_${response.status}`,
    message,
    statusText: response.statusText,
    details: (payload.details as Record<string, string[]> | undefined) ?? {},
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

/**
 * An early answer for a request that may be cancelled (TanStack Query passes a signal): the
 * early fetch cannot be stopped, so the caller stops waiting for it, as an aborted fetch would.
 */
function unlessAborted(pending: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return pending;
  const aborted = () => new DOMException('The request was cancelled.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Asked again after a moment:
 * - a create sent with a key that the server is still working on (409 `idempotency_key_in_use`:
 *   the same attempt went out before, say from a retry), which then gets the first request's
 *   answer instead of making a second record;
 * - a write refused while an import finishes in the company (503 `import_finishing`: nothing was
 *   written), after the wait the server asks for.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await sendRequest<T>(method, path, options);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const inUse = error.status === 409 && error.code === 'idempotency_key_in_use' && options.idempotencyKey;
      const finishing = error.status === 503 && error.code === 'import_finishing';
      if (inUse && retry < KEY_IN_USE_RETRIES)
        await new Promise((resolve) => setTimeout(resolve, KEY_IN_USE_WAIT_MS * (retry + 1)));
      else if (finishing && retry < IMPORT_FINISHING_RETRIES)
        await new Promise((resolve) => setTimeout(resolve, (error.retryAfter ?? 2) * 1000));
      else throw error;
    }
  }
}

async function sendRequest<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const token = getSession().user?.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (currentLanguage) headers['Accept-Language'] = currentLanguage;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = buildUrl(path, options.query);
  let response: Response;
  try {
    // The entry may have asked already (lib/early-requests.ts); the answer is taken once.
    const asked = method === 'GET' ? takeEarly(url, token) : undefined;
    response = await (asked
      ? unlessAborted(asked, options.signal)
      : fetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiRequestError({ status: 0, code: 'network_error', message: String(cause) });
  }

  const body = await readBody(response);
  if (!response.ok) {
    const error = toError(response, body);
    reportUnauthorized(error, token);
    throw error;
  }
  if (response.status === 204 || body === null) return undefined as T;
  return (body as { data: T }).data;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
