import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import type { CustomerFilterParams } from '../../../shared/api/get-customers.ts';
import { useExportCustomers } from '../../api/export-customers.ts';

/** Downloads the customers of the current filter (and sort) as CSV. */
export function ExportButton({ filter }: { filter: CustomerFilterParams }) {
  const { t } = useTranslation();
  const exportCsv = useExportCustomers(useCompanyId());
  return (
    <button
      type="button"
      className="btn btn-outline-primary"
      disabled={exportCsv.isPending}
      aria-busy={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(filter, {
          onSuccess: (filename) => notify('success', t('crm.customers.exported', { filename })),
          onError: (error) => notify('danger', errorMessage(t, error)),
        })
      }
    >
      {exportCsv.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {t('crm.customers.export')}
    </button>
  );
}
