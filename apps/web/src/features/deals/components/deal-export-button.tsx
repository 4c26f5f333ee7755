import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useExportDeals } from '../api/export-deals.ts';
import type { DealAddressFilter } from '../lib/deal-filter.ts';

/** Downloads the deals of the list's current filters as CSV. */
export function DealExportButton({ filter }: { filter: DealAddressFilter }) {
  const { t } = useTranslation();
  const exportCsv = useExportDeals(useCompanyId());
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary"
      disabled={exportCsv.isPending}
      aria-busy={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(filter, {
          onSuccess: (filename) => notify('success', t('deals.csv.exported', { filename })),
          onError: (error) => notify('danger', errorMessage(t, error)),
        })
      }
    >
      {exportCsv.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {t('deals.csv.export')}
    </button>
  );
}
