import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type TextareaFieldProps = {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Already translated error text. */
  error?: string;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
  className?: string;
  labelClassName?: string;
};

/** A labelled textarea with its error and hint tied to it, like TextField. */
export function TextareaField({
  label,
  registration,
  error,
  hint,
  rows = 3,
  maxLength,
  className,
  labelClassName = 'form-label',
}: TextareaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
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
