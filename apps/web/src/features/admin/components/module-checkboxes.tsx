import { MODULES } from '@kontora/contract/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** One switch per module (ids 0–3), as a labelled group. */
export function ModuleCheckboxes({
  value,
  onChange,
  legend,
  disabled,
}: {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  legend: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="form-label fs-6 mb-2">{legend}</legend>
      {MODULES.map((module) => {
        const checked = value.includes(module.id);
        return (
          <div key={module.id} className="form-check form-switch">
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-${module.id}`}
              checked={checked}
              onChange={() =>
                onChange(
                  checked
                    ? value.filter((m) => m !== module.id)
                    : [...value, module.id].sort((a, b) => a - b),
                )
              }
            />
            <label className="form-check-label" htmlFor={`${id}-${module.id}`}>
              {t(`modules.${module.key}`)}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
