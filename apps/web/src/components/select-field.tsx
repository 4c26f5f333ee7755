import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export type SelectOption = { value: string; label: string; lang?: string };

type SelectFieldProps = {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A react-hook-form registration, or plain value/onChange props. */
  registration?: UseFormRegisterReturn;
  value?: string;
  onChange?: SelectHTMLAttributes<HTMLSelectElement>['onChange'];
  /** Already translated error text. */
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
};

/** A labelled select with its error and hint tied to it (aria-invalid, aria-describedby). */
export function SelectField({
  label,
  options,
  registration,
  value,
  onChange,
  error,
  hint,
  disabled,
  className,
}: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = registration ?? { value, onChange };
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        {...control}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && !error && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
