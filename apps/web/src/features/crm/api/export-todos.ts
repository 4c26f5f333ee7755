import type { EventFilter } from '@kontora/contract/event-values';
import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/csv-download.ts';

/** What the to-do list shows, as the export reads it. */
export type TodoExportFilter = { filter: EventFilter[]; customer_id?: number | undefined };

/** Downloads the to-dos of the list's view as CSV (`…/events/export`); answers the file name. */
export function useExportTodos(companyId: number) {
  return useMutation({
    mutationFn: ({ filter, customer_id }: TodoExportFilter) =>
      downloadCsv(
        `/companies/${companyId}/events/export`,
        { filter: filter.join(','), customer_id },
        'todos',
      ),
  });
}
