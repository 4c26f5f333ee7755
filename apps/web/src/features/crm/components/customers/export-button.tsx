import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import type { CustomerFilterParams } from '../../../shared/api/get-customers.ts';
import { CsvExportButton } from '../../../shared/components/csv-export-button.tsx';
import { useExportCustomers } from '../../api/export-customers.ts';

/** Downloads the customers of the current filter (and sort) as CSV. */
export function ExportButton({ filter }: { filter: CustomerFilterParams }) {
  const { t } = useTranslation();
  return (
    <CsvExportButton
      exportCsv={useExportCustomers(useCompanyId())}
      filter={filter}
      label={t('crm.customers.export')}
      exported={(filename) => t('crm.customers.exported', { filename })}
    />
  );
}
