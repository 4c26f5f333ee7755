import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/csv-download.ts';
import type { CustomerFilterParams } from '../../shared/api/get-customers.ts';

/** Downloads the customers of a filter (and sort) as CSV; answers the file name. */
export function useExportCustomers(companyId: number) {
  return useMutation({
    mutationFn: (filter: CustomerFilterParams) =>
      downloadCsv(`/companies/${companyId}/customers/export.csv`, filter, 'customers'),
  });
}
