import type { DealImportResult } from '@kontora/contract/deal-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dealKeys, dealsPath } from '../../shared/api/deal-keys.ts';
import { type ImportRequest, uploadImport } from '../../shared/components/import/import-request.ts';

/** Runs a check or an import of deals (`…/deals/import`); a real run refreshes the deal screens. */
export function useImportDeals(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) =>
      uploadImport<DealImportResult>(`${dealsPath(companyId)}/import`, request),
    onSettled: (_data, _error, request) => {
      if (!request.dryRun) return queryClient.invalidateQueries({ queryKey: dealKeys.all(companyId) });
    },
  });
}
