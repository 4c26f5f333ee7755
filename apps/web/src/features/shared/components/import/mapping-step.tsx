import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CSV_DELIMITERS,
  type CsvDelimiter,
  type CsvPreview,
  duplicateHeaders,
} from '../../lib/csv-preview.ts';
import { useImportKind } from './import-kind.ts';
import { importFieldLabel, importReasonText } from './import-texts.ts';

export type ColumnMapping = Record<string, string | null>;

/** Headers that occur more than once: the mapping is keyed by header, so those columns can only be skipped. */
export function repeatedHeaders(headers: readonly string[]): Set<string> {
  return new Set(headers.filter((h, i) => headers.indexOf(h) !== i));
}

/** A few non-empty values of a column, to recognise what it holds. */
function samples(preview: CsvPreview, column: number): string[] {
  return preview.rows
    .map((row) => row[column]?.trim() ?? '')
    .filter((v) => v !== '')
    .slice(0, 3);
}

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Step 2: which field each column fills. Starts from the guesses made from the
 * headers; problems found here (a field chosen twice) or by the server (a
 * column it does not know) show next to the column concerned.
 */
export function MappingStep({
  preview,
  mapping,
  onMappingChange,
  onDelimiterChange,
  serverProblems,
  disabled,
}: {
  preview: CsvPreview;
  mapping: ColumnMapping;
  onMappingChange: (header: string, field: string | null) => void;
  onDelimiterChange: (delimiter: CsvDelimiter) => void;
  /** Header → reason codes from the API's answer. */
  serverProblems: Record<string, string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const kind = useImportKind();
  const missing = kind.missingColumn(mapping, t);
  const delimiterId = useId();
  const duplicates = duplicateHeaders(mapping);
  const repeated = repeatedHeaders(preview.headers);
  const headers = preview.headers.filter((h, i) => preview.headers.indexOf(h) === i);
  const columnName = (header: string) =>
    header === '' ? t('crm.import.unnamedColumn', { number: preview.headers.indexOf(header) + 1 }) : header;
  const firstWith = (field: string) => headers.find((h) => mapping[h] === field) ?? '';

  return (
    <div>
      <div className="row g-2 align-items-end mb-3">
        <div className="col-sm-6">
          <label htmlFor={delimiterId} className="form-label">
            {t('crm.import.delimiter')}
          </label>
          <select
            id={delimiterId}
            className="form-select"
            value={preview.delimiter}
            disabled={disabled}
            onChange={(event) => onDelimiterChange(event.target.value as CsvDelimiter)}
          >
            {CSV_DELIMITERS.map((d) => (
              <option key={d} value={d}>
                {t(`crm.import.delimiters.${d === ',' ? 'comma' : d === ';' ? 'semicolon' : 'tab'}`)}
              </option>
            ))}
          </select>
        </div>
        <p className="col-sm-6 form-text mb-2">{t('crm.import.delimiterHint')}</p>
      </div>

      {missing && (
        <div className="alert alert-warning" role="status">
          {missing}
        </div>
      )}

      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <caption className="caption-top">{t('crm.import.mappingCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('crm.import.column')}</th>
              <th scope="col">{t('crm.import.sample')}</th>
              <th scope="col" className="w-50">
                {t('crm.import.field')}
              </th>
            </tr>
          </thead>
          <tbody>
            {headers.map((header) => {
              const column = preview.headers.indexOf(header);
              const field = mapping[header] ?? null;
              const selectId = `${delimiterId}-column-${column}`;
              const problem =
                duplicates.has(header) && field
                  ? t('crm.import.fieldTaken', {
                      field: importFieldLabel(t, field, kind.texts, kind.own),
                      column: columnName(firstWith(field)),
                    })
                  : serverProblems[header]?.map((code) => importReasonText(t, code, kind.texts)).join(' ');
              const hint = repeated.has(header) ? t('crm.import.repeatedHeader') : undefined;
              const describedBy = [problem && `${selectId}-error`, hint && `${selectId}-hint`].filter(
                Boolean,
              );
              return (
                <tr key={header}>
                  <th scope="row" className="text-break">
                    {clip(columnName(header))}
                  </th>
                  <td className="text-body-secondary small text-break">
                    {samples(preview, column).map((value) => (
                      <div key={value}>{clip(value)}</div>
                    ))}
                  </td>
                  <td>
                    <label htmlFor={selectId} className="visually-hidden">
                      {t('crm.import.fieldFor', { column: columnName(header) })}
                    </label>
                    <select
                      id={selectId}
                      className={`form-select form-select-sm${problem ? ' is-invalid' : ''}`}
                      value={field ?? ''}
                      disabled={disabled || repeated.has(header)}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={describedBy.join(' ') || undefined}
                      onChange={(event) =>
                        onMappingChange(header, (event.target.value || null) as string | null)
                      }
                    >
                      <option value="">{t('crm.import.skipColumn')}</option>
                      {kind.fields.map((f) => (
                        <option key={f} value={f}>
                          {importFieldLabel(t, f, kind.texts)}
                        </option>
                      ))}
                      {kind.own?.length ? (
                        <optgroup label={t('crm.import.ownFields')}>
                          {kind.own.map((o) => (
                            <option key={o.target} value={o.target}>
                              {o.label}
                            </option>
                          ))}
                        </optgroup>
                      ) : null}
                    </select>
                    {problem && (
                      <div id={`${selectId}-error`} className="invalid-feedback">
                        {problem}
                      </div>
                    )}
                    {hint && (
                      <div id={`${selectId}-hint`} className="form-text">
                        {hint}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
