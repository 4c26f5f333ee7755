import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { type TodoExportFilter, useExportTodos } from '../../api/export-todos.ts';

/** Downloads the to-dos of the list's view as CSV. */
export function TodoExportButton({ filter }: { filter: TodoExportFilter }) {
  const { t } = useTranslation();
  const exportCsv = useExportTodos(useCompanyId());
  return (
    <button
      type="button"
      className="btn btn-outline-primary"
      disabled={exportCsv.isPending}
      aria-busy={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(filter, {
          onSuccess: (filename) => notify('success', t('crm.events.exported', { filename })),
          onError: (error) => notify('danger', errorMessage(t, error)),
        })
      }
    >
      {exportCsv.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {t('crm.events.export')}
    </button>
  );
}
