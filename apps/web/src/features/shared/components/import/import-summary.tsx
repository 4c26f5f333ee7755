import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import type { ImportReport } from './import-kind.ts';

/** Rows read, saved (or, for a check, that would be saved) and refused, as three figures. */
export function ImportSummary({ result }: { result: ImportReport }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const figures = [
    { key: 'rows', label: t('crm.import.rowsRead'), value: result.rows, tone: '' },
    {
      key: 'imported',
      label: result.dry_run ? t('crm.import.wouldImport') : t('crm.import.imported'),
      value: result.imported,
      tone: 'text-success',
    },
    {
      key: 'rejected',
      label: t('crm.import.rejected'),
      value: result.rejected,
      tone: result.rejected > 0 ? 'text-danger' : '',
    },
  ];
  const matched = (result.updated ?? 0) > 0 || (result.skipped ?? 0) > 0;
  return (
    <>
      {/* <dl> allows one <div> level around each dt/dd pair, so the boxes are those divs. */}
      <dl className="d-flex gap-2 text-center mb-3">
        {figures.map((figure) => (
          <div key={figure.key} className="flex-fill border rounded p-2">
            <dt className="small fw-normal text-body-secondary">{figure.label}</dt>
            <dd className={`fs-4 fw-semibold mb-0 ${figure.tone}`}>{format.number(figure.value)}</dd>
          </div>
        ))}
      </dl>
      {matched && (
        <p className="small">
          {[
            t('duplicates.import.created', { number: format.number(result.created ?? 0) }),
            t('duplicates.import.updated', { number: format.number(result.updated ?? 0) }),
            t('duplicates.import.skipped', { number: format.number(result.skipped ?? 0) }),
          ].join(' · ')}
        </p>
      )}
    </>
  );
}
