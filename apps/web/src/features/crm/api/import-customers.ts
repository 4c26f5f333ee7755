import type {
  CustomerImportResult,
  IMPORT_ON_MATCH,
  ImportMapping,
  ImportMatchKey,
} from '@kontora/contract/customer-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAbort, type UploadProgress, uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import type { CsvDelimiter } from '../../shared/lib/csv-preview.ts';

export type { UploadProgress };

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

/**
 * `POST …/customers/import` as a multipart form: the `mapping` field first (up to
 * 20,000 characters of JSON, too long for a URL), then the file, with upload
 * progress (a 50 MB file needs it).
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
  return uploadWithProgress<CustomerImportResult>(
    `/companies/${companyId}/customers/import?${query}`,
    form,
    file.size,
    { signal, onProgress },
  );
}

export { isAbort };

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
