import { MAILBOX_VISIBILITY } from '@kontora/contract/mailboxes';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Who reads a mailbox's mail: each choice with what it means for colleagues. */
export function VisibilityChoice({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="h6 mb-1">{t('mailboxes.visibility.legend')}</legend>
      <p className="form-text mt-0">{t('mailboxes.visibility.note')}</p>
      {MAILBOX_VISIBILITY.map((value) => (
        <div className="form-check mb-2" key={value}>
          <input
            className={`form-check-input${error ? ' is-invalid' : ''}`}
            type="radio"
            id={`${id}-${value}`}
            value={value}
            aria-describedby={`${id}-${value}-text`}
            {...registration}
          />
          <label className="form-check-label fw-semibold" htmlFor={`${id}-${value}`}>
            {t(`mailboxes.visibility.${value}`)}
          </label>
          <div className="form-text mt-0" id={`${id}-${value}-text`}>
            {t(`mailboxes.visibility.${value}Text`)}
          </div>
        </div>
      ))}
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      )}
    </fieldset>
  );
}
