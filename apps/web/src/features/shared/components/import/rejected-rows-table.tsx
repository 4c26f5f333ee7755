import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { type ImportReport, useImportKind } from './import-kind.ts';
import { importFieldLabel, importReasonText } from './import-texts.ts';

/** Rows listed on screen; the downloaded report has them all. */
const SHOWN = 200;

/** The refused rows: the file's line, and for each field concerned the reasons in words. */
export function RejectedRowsTable({ errors, caption }: { errors: ImportReport['errors']; caption: string }) {
  const { t } = useTranslation();
  const kind = useImportKind();
  const format = useFormatters();
  const shown = errors.slice(0, SHOWN);
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-2">
          <caption className="caption-top">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('crm.import.line')}</th>
              <th scope="col">{t('crm.import.field')}</th>
              <th scope="col">{t('crm.import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.flatMap((error) =>
              Object.entries(error.reasons).map(([field, reasons], index) => (
                <tr key={`${error.line}-${field}`}>
                  {/* The line in the first cell of each of the row's fields, so every table row reads on its own. */}
                  <th scope="row" className={index > 0 ? 'fw-normal text-body-secondary' : undefined}>
                    {format.number(error.line)}
                  </th>
                  <td>{importFieldLabel(t, field, kind.texts, kind.own)}</td>
                  <td>{reasons.map((code) => importReasonText(t, code, kind.texts)).join(' ')}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      {errors.length > shown.length && (
        <p className="small text-body-secondary">
          {t('crm.import.moreRejected', {
            shown: format.number(shown.length),
            total: format.number(errors.length),
          })}
        </p>
      )}
    </>
  );
}
