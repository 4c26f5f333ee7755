import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { CsvExportButton } from '../../../shared/components/csv-export-button.tsx';
import { type TodoExportFilter, useExportTodos } from '../../api/export-todos.ts';

/** Downloads the to-dos of the list's view as CSV. */
export function TodoExportButton({ filter }: { filter: TodoExportFilter }) {
  const { t } = useTranslation();
  return (
    <CsvExportButton
      exportCsv={useExportTodos(useCompanyId())}
      filter={filter}
      label={t('crm.events.export')}
      exported={(filename) => t('crm.events.exported', { filename })}
    />
  );
}
