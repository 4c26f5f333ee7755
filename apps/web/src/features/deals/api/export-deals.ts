import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/csv-download.ts';
import type { DealAddressFilter } from '../lib/deal-filter.ts';
import { apiFilterOf } from '../lib/deal-filter.ts';

/** Downloads the deals of the list's filters as CSV (`…/deals/export`); answers the file name. */
export function useExportDeals(companyId: number) {
  return useMutation({
    mutationFn: (filter: DealAddressFilter) =>
      downloadCsv(
        `/companies/${companyId}/deals/export`,
        { ...apiFilterOf(filter), ...(filter.pipeline ? { pipeline_id: filter.pipeline } : {}) },
        'deals',
      ),
  });
}
