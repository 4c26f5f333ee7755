import type { IMPORT_ON_MATCH, ImportMatchKey } from '@kontora/contract/customer-import-values';
import { type UploadProgress, uploadWithProgress } from '../../../../lib/upload-with-progress.ts';
import type { CsvDelimiter } from '../../lib/csv-preview.ts';

export type { UploadProgress };

export type ImportRequest = {
  file: Blob;
  mapping: Record<string, string | null>;
  delimiter: CsvDelimiter;
  /** Check only: the server validates every row and saves nothing. */
  dryRun: boolean;
  /** What a row matching an existing customer does, and what it matches by (decision 019). */
  matching?: { onMatch: (typeof IMPORT_ON_MATCH)[number]; matchBy: ImportMatchKey[] };
  /** Names this run's live counts on the person's sockets (`progress_key`, decision 085). */
  progressKey?: string;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
};

/**
 * `POST <path>` of an import as a multipart form: the `mapping` field first (up to 20,000
 * characters of JSON, too long for a URL), then the file, with upload progress (a file of hundreds of MB
 * needs it).
 */
export function uploadImport<T>(path: string, request: ImportRequest): Promise<T> {
  const { file, mapping, delimiter, dryRun, signal, onProgress, matching, progressKey } = request;
  const query = new URLSearchParams({ delimiter, dry_run: String(dryRun) });
  if (matching && matching.onMatch !== 'create' && matching.matchBy.length) {
    query.set('on_match', matching.onMatch);
    query.set('match_by', matching.matchBy.join(','));
  }
  if (progressKey) query.set('progress_key', progressKey);
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  return uploadWithProgress<T>(`${path}?${query}`, form, file.size, { signal, onProgress });
}
