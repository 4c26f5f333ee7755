import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';

/**
 * Downloads a list's records of its current filter as CSV (customers, deals, to-dos): busy while
 * the file comes, then a notice naming the file, or the error.
 */
export function CsvExportButton<F>({
  exportCsv,
  filter,
  label,
  exported,
  small = false,
}: {
  /** The list's export: answers the downloaded file's name. */
  exportCsv: UseMutationResult<string, unknown, F>;
  filter: F;
  label: string;
  exported: (filename: string) => string;
  small?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn${small ? ' btn-sm' : ''} btn-outline-primary`}
      disabled={exportCsv.isPending}
      aria-busy={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(filter, {
          onSuccess: (filename) => notify('success', exported(filename)),
          onError: (error) => notify('danger', errorMessage(t, error)),
        })
      }
    >
      {exportCsv.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {label}
    </button>
  );
}
