import type {
  CustomerImportResult,
  IMPORT_ON_MATCH,
  ImportMapping,
  ImportMatchKey,
} from '@kontora/contract/customer-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiRequestError, reportUnauthorized } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import type { CsvDelimiter } from '../lib/csv-preview.ts';

/** Where an upload is: bytes sent so far, or (`null`) all sent and the server is working on it. */
export type UploadProgress = { loaded: number; total: number } | null;

export type ImportRequest = {
  file: Blob;
  mapping: ImportMapping;
  delimiter: CsvDelimiter;
  /** Check only: the server validates every row and saves nothing. */
  dryRun: boolean;
  /** What a row matching an existing customer does, and what it matches by (decision 019). */
  matching?: { onMatch: (typeof IMPORT_ON_MATCH)[number]; matchBy: ImportMatchKey[] };
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
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
 * `POST …/customers/import` as a multipart form: the `mapping` field first (up to
 * 20,000 characters of JSON, too long for a URL), then the file. XMLHttpRequest,
 * not fetch: only it reports upload progress, which a 50 MB file needs. The file
 * is streamed from disk by the browser, never read into memory here.
 */
export function uploadCustomerImport(
  companyId: number,
  request: ImportRequest,
): Promise<CustomerImportResult> {
  const { file, mapping, delimiter, dryRun, signal, onProgress, matching } = request;
  const query = new URLSearchParams({ delimiter, dry_run: String(dryRun) });
  if (matching && matching.onMatch !== 'create' && matching.matchBy.length) {
    query.set('on_match', matching.onMatch);
    query.set('match_by', matching.matchBy.join(','));
  }
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  const token = getSession().user?.token;

  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/companies/${companyId}/customers/import?${query}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const language = i18next.resolvedLanguage ?? i18next.language;
    if (language) xhr.setRequestHeader('Accept-Language', language);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.upload.onload = () => onProgress?.(null);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        const body = parseJson(xhr.responseText) as { data?: CustomerImportResult } | null;
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

/**
 * Runs a check or an import. A finished import refreshes the CRM (lists, stats);
 * a cancelled or failed one saved nothing (the server imports all or nothing),
 * but refreshing then too costs little and never shows stale figures.
 */
export function useImportCustomers(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => uploadCustomerImport(companyId, request),
    onSettled: (_data, _error, request) => {
      if (!request.dryRun) return invalidateCrm(queryClient, companyId);
    },
  });
}
