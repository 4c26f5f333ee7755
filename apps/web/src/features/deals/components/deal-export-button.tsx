import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { CsvExportButton } from '../../shared/components/csv-export-button.tsx';
import { useExportDeals } from '../api/export-deals.ts';
import type { DealAddressFilter } from '../lib/deal-filter.ts';

/** Downloads the deals of the list's current filters as CSV. */
export function DealExportButton({ filter }: { filter: DealAddressFilter }) {
  const { t } = useTranslation();
  return (
    <CsvExportButton
      exportCsv={useExportDeals(useCompanyId())}
      filter={filter}
      label={t('deals.csv.export')}
      exported={(filename) => t('deals.csv.exported', { filename })}
      small
    />
  );
}
