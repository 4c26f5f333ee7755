import {
  IMPORT_MATCH_KEYS,
  IMPORT_ON_MATCH,
  type ImportMatchKey,
} from '@kontora/contract/customer-import-values';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportMatching } from './use-import-flow.ts';

const KEY_LABEL = { oib: 'byOib', email: 'byEmail', id: 'byId' } as const;

/** What a row that matches an existing customer does: create anyway, skip, or update it (decision 019). */
export function MatchOptions({
  value,
  onChange,
  disabled,
}: {
  value: ImportMatching;
  onChange: (next: ImportMatching) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toggle = (key: ImportMatchKey, on: boolean) =>
    onChange({
      ...value,
      matchBy: IMPORT_MATCH_KEYS.filter((k) => (k === key ? on : value.matchBy.includes(k))),
    });
  return (
    <div className="row g-3 mb-3">
      <fieldset className="col-sm-6" disabled={disabled}>
        <legend className="form-label fs-6">{t('duplicates.import.onMatch')}</legend>
        {IMPORT_ON_MATCH.map((choice) => (
          <div className="form-check" key={choice}>
            <input
              className="form-check-input"
              type="radio"
              name={`${id}-on-match`}
              id={`${id}-on-match-${choice}`}
              checked={value.onMatch === choice}
              onChange={() => onChange({ ...value, onMatch: choice })}
            />
            <label className="form-check-label" htmlFor={`${id}-on-match-${choice}`}>
              {t(`duplicates.import.${choice}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {value.onMatch !== 'create' && (
        <fieldset className="col-sm-6" disabled={disabled}>
          <legend className="form-label fs-6">{t('duplicates.import.matchBy')}</legend>
          {IMPORT_MATCH_KEYS.map((key) => (
            <div className="form-check" key={key}>
              <input
                className="form-check-input"
                type="checkbox"
                id={`${id}-match-${key}`}
                checked={value.matchBy.includes(key)}
                onChange={(event) => toggle(key, event.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${id}-match-${key}`}>
                {t(`duplicates.import.${KEY_LABEL[key]}`)}
              </label>
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
