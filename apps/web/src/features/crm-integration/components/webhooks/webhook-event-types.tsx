import { CHANGE_TYPES, type ChangeType } from '@kontora/contract/change-feed';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const GROUPS = ['customer', 'deal', 'pipeline', 'event', 'member', 'company'] as const;

/** Checkboxes of the change-feed types an endpoint receives, grouped by record; the type names are the API's. */
export function WebhookEventTypes({
  value,
  onChange,
  error,
  disabled,
}: {
  value: ChangeType[];
  onChange: (types: ChangeType[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toggle = (type: ChangeType, on: boolean) =>
    onChange(on ? [...value, type] : value.filter((v) => v !== type));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="form-label fs-6 mb-1">{t('webhooks.form.eventTypes')}</legend>
      <div className="row g-2">
        {GROUPS.map((group) => {
          const types = CHANGE_TYPES.filter((type) => type.startsWith(`${group}.`));
          const all = types.every((type) => value.includes(type));
          return (
            <div className="col-12 col-md-6" key={group}>
              <div className="border rounded p-2 h-100">
                <div className="form-check">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`${id}-${group}`}
                    checked={all}
                    disabled={disabled}
                    onChange={(e) =>
                      onChange(
                        e.target.checked
                          ? [...new Set([...value, ...types])]
                          : value.filter((v) => !types.includes(v)),
                      )
                    }
                  />
                  <label className="form-check-label fw-semibold" htmlFor={`${id}-${group}`}>
                    {t(`webhooks.groups.${group}`)}
                  </label>
                </div>
                {types.map((type) => (
                  <div className="form-check ms-3" key={type}>
                    <input
                      className="form-check-input"
                      type="checkbox"
                      id={`${id}-${type}`}
                      checked={value.includes(type)}
                      disabled={disabled}
                      onChange={(e) => toggle(type, e.target.checked)}
                    />
                    <label className="form-check-label font-monospace small" htmlFor={`${id}-${type}`}>
                      {type}
                    </label>
                  </div>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      )}
    </fieldset>
  );
}
