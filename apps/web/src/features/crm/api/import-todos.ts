import type { EventImportResult } from '@kontora/contract/event-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { type ImportRequest, uploadImport } from '../../shared/components/import/import-request.ts';

/** Runs a check or an import of to-dos (`…/events/import`); a real run refreshes the to-do lists. */
export function useImportTodos(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) =>
      uploadImport<EventImportResult>(`/companies/${companyId}/events/import`, request),
    onSettled: (_data, _error, request) => {
      if (!request.dryRun) return queryClient.invalidateQueries({ queryKey: crmKeys.events(companyId) });
    },
  });
}
