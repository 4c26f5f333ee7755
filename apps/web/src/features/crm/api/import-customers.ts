import type { CustomerImportResult, ImportMapping } from '@kontora/contract/customer-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAbort, type UploadProgress, uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import type { CsvDelimiter } from '../lib/csv-preview.ts';

export type { UploadProgress };

export type ImportRequest = {
  file: Blob;
  mapping: ImportMapping;
  delimiter: CsvDelimiter;
  /** Check only: the server validates every row and saves nothing. */
  dryRun: boolean;
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
  const { file, mapping, delimiter, dryRun, signal, onProgress } = request;
  const query = new URLSearchParams({ delimiter, dry_run: String(dryRun) });
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
