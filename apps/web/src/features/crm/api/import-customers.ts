import type { CustomerImportResult } from '@kontora/contract/customer-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCrm } from '../../shared/api/crm-keys.ts';
import { type ImportRequest, uploadImport } from '../../shared/components/import/import-request.ts';

/**
 * Runs a check or an import of customers. A finished import refreshes the CRM (lists, stats);
 * a cancelled or failed one saved nothing (the server imports all or nothing),
 * but refreshing then too costs little and never shows stale figures.
 */
export function useImportCustomers(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) =>
      uploadImport<CustomerImportResult>(`/companies/${companyId}/customers/import`, request),
    onSettled: (_data, _error, request) => {
      if (!request.dryRun) return invalidateCrm(queryClient, companyId);
    },
  });
}
