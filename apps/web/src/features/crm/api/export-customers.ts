import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/csv-download.ts';
import { type CustomerFilterParams, isCustomParam } from '../../shared/api/get-customers.ts';

/** The export takes the list's filters, own-field ones too, but sorts only by built-in columns. */
function exportQuery(filter: CustomerFilterParams): CustomerFilterParams {
  const { sort, dir, ...rest } = filter;
  return sort && isCustomParam(sort) ? rest : filter;
}

/** Downloads the customers of a filter (and sort) as CSV; answers the file name. */
export function useExportCustomers(companyId: number) {
  return useMutation({
    mutationFn: (filter: CustomerFilterParams) =>
      downloadCsv(`/companies/${companyId}/customers/export.csv`, exportQuery(filter), 'customers'),
  });
}
