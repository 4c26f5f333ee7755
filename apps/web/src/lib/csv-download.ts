import { ApiRequestError, reportUnauthorized } from './api-client.ts';
import { getSession } from './session.ts';

/** `attachment; filename="customers-2026-01-31.csv"` (or the RFC 5987 `filename*=` form) → the name. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoded name: fall back to the plain one.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
}

/** The filter's set values as a query string (with its `?`), or nothing. */
function queryOf(
  filter: Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    // A list repeats the parameter (an own field's any-of filter).
    if (Array.isArray(value)) for (const one of value) params.append(key, one);
    else if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

async function failure(response: Response): Promise<ApiRequestError> {
  let payload: { message?: unknown; code?: unknown; details?: unknown } = {};
  try {
    payload = (await response.json()) as typeof payload;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return new ApiRequestError({
    status: response.status,
    code: typeof payload.code === 'string' ? payload.code : `http_${response.status}`,
    message: typeof payload.message === 'string' ? payload.message : response.statusText,
    statusText: response.statusText,
    details: (payload.details as Record<string, string[]> | undefined) ?? {},
  });
}

/** Hands a Blob to the browser as a download (an object URL on a temporary `<a download>`). */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is needed only until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches a download with the Bearer token (a plain link cannot carry it); API errors thrown as such. */
async function fetchDownload(url: string, accept: string): Promise<Response> {
  const token = getSession().user?.token;
  const headers: Record<string, string> = { Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch (cause) {
    throw new ApiRequestError({ status: 0, code: 'network_error', message: String(cause) });
  }
  if (!response.ok) {
    const error = await failure(response);
    reportUnauthorized(error, token);
    throw error;
  }
  return response;
}

/**
 * Downloads a CSV export (`path` under /api, with the filter as its query). A plain link cannot
 * carry the Bearer token, so the file is fetched and saved from a Blob. Returns the file name
 * (the server's, else `<fallback>-<day>.csv`).
 */
export async function downloadCsv(
  path: string,
  filter: Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>,
  fallback: string,
): Promise<string> {
  const response = await fetchDownload(`/api${path}${queryOf(filter)}`, 'text/csv');
  const blob = await response.blob();
  const day = new Date().toISOString().slice(0, 10);
  const filename =
    filenameFromDisposition(response.headers.get('Content-Disposition')) ?? `${fallback}-${day}.csv`;
  saveBlob(blob, filename);
  return filename;
}

/** Downloads any file the API answers as an attachment (`path` under /api), under the server's name. */
export async function downloadFile(path: string, fallback: string): Promise<string> {
  const response = await fetchDownload(`/api${path}`, '*/*');
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallback;
  saveBlob(await response.blob(), filename);
  return filename;
}
