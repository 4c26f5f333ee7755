import i18next from 'i18next';
import { ApiRequestError, reportUnauthorized } from './api-client.ts';
import { getSession } from './session.ts';

/** Where an upload is: bytes sent so far, or (`null`) all sent and the server is working on it. */
export type UploadProgress = { loaded: number; total: number } | null;

export type UploadOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Sent as `Idempotency-Key` (lib/create-attempt.ts): a retry of the same file stores it once. */
  idempotencyKey?: string;
};

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** The API's error envelope (`{message, code, details}`), as the shared client builds it. */
function toError(xhr: XMLHttpRequest): ApiRequestError {
  const body = parseJson(xhr.responseText);
  const payload = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof payload.message === 'string' && payload.message
      ? payload.message
      : xhr.statusText || `HTTP ${xhr.status}`;
  return new ApiRequestError({
    status: xhr.status,
    code: typeof payload.code === 'string' ? payload.code : `http_${xhr.status}`,
    message,
    statusText: xhr.statusText,
    details: (payload.details as Record<string, string[]> | undefined) ?? {},
  });
}

/**
 * POSTs a form to `/api{path}` and resolves with the answer's `data`.
 * XMLHttpRequest, not fetch: only it reports upload progress, which large
 * files need. The browser streams the form's files from disk; nothing is read
 * into memory here. Errors are the shared client's `ApiRequestError`
 * (a cancelled upload rejects with an `AbortError`).
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  totalBytes: number,
  { signal, onProgress, idempotencyKey }: UploadOptions = {},
): Promise<T> {
  const token = getSession().user?.token;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const language = i18next.resolvedLanguage ?? i18next.language;
    if (language) xhr.setRequestHeader('Accept-Language', language);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);

    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : totalBytes });
    };
    xhr.upload.onload = () => onProgress?.(null);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        const body = parseJson(xhr.responseText) as { data?: T } | null;
        if (body && typeof body === 'object' && body.data) resolve(body.data);
        else reject(new ApiRequestError({ status: xhr.status, code: 'invalid_json', message: 'Bad answer' }));
        return;
      }
      const error = toError(xhr);
      reportUnauthorized(error, token);
      reject(error);
    };
    xhr.onerror = () => {
      settle();
      reject(
        new ApiRequestError({
          status: 0,
          code: 'network_error',
          message: 'The server could not be reached.',
        }),
      );
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    // The browser sets the multipart Content-Type with its boundary.
    xhr.send(form);
  });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
