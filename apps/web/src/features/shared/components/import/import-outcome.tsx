import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/icon.tsx';
import { useFormatters } from '../../../../lib/format.ts';
import { downloadText, errorReportCsv, reportFileName, reportLines } from './error-report.ts';
import { type ImportReport, useImportKind } from './import-kind.ts';
import { ImportSummary } from './import-summary.tsx';
import { importFieldLabel, importReasonText } from './import-texts.ts';
import { RejectedRowsTable } from './rejected-rows-table.tsx';
import type { ImportMatching } from './use-import-flow.ts';

/**
 * The outcome of a check (nothing saved yet) or of the import itself: the
 * figures, the refused rows with their reasons, and the report to download.
 */
export function ImportOutcome({
  result,
  fileName,
  onMatch,
}: {
  result: ImportReport;
  fileName: string;
  /** For a check: what the import will do with rows that match existing customers. */
  onMatch?: ImportMatching['onMatch'];
}) {
  const { t } = useTranslation();
  const kind = useImportKind();
  const format = useFormatters();

  const download = () => {
    const csv = errorReportCsv(
      [t('crm.import.line'), t('crm.import.field'), t('crm.import.reason')],
      reportLines(result.errors),
      {
        field: (field) => importFieldLabel(t, field, kind.texts, kind.own),
        reason: (code) => importReasonText(t, code, kind.texts),
      },
    );
    downloadText(csv, reportFileName(fileName));
  };

  // An all-or-nothing import with refused rows saved nothing: that is no success.
  const failed = !result.dry_run && kind.allOrNothing && result.rejected > 0;
  const headline = failed
    ? kind.nothingSaved(t)
    : !result.dry_run
      ? t('crm.import.done')
      : result.rejected === 0
        ? t('crm.import.checkAllValid')
        : kind.checkSomeRejected(t);

  return (
    <div>
      {/* A finished import is a success even with refused rows (those are listed below); a check with refusals warns. */}
      <p
        className={`alert ${!failed && (!result.dry_run || result.rejected === 0) ? 'alert-success' : 'alert-warning'}`}
        role="status"
      >
        {headline}
      </p>
      <ImportSummary result={result} />
      {result.dry_run && onMatch === 'create' && (result.matched ?? 0) > 0 && (
        <p className="alert alert-warning small" role="note">
          {t('crm.import.matchesCreated', { number: format.number(result.matched ?? 0) })}
        </p>
      )}
      {result.errors.length > 0 && (
        <>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
            <h3 className="h6 mb-0">{t('crm.import.rejectedRows')}</h3>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={download}>
              <Icon name="download" className="me-1" />
              {t('crm.import.downloadReport')}
            </button>
          </div>
          <RejectedRowsTable errors={result.errors} caption={t('crm.import.rejectedCaption')} />
        </>
      )}
      {result.errors_truncated && (
        <p className="alert alert-info small" role="note">
          {t('crm.import.errorsTruncated', {
            listed: format.number(result.errors.length),
            total: format.number(result.rejected),
          })}
        </p>
      )}
    </div>
  );
}
