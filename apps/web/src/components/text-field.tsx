import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type TextFieldProps = {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Already translated error text. */
  error?: string;
  hint?: ReactNode;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  readOnly?: boolean;
  className?: string;
};

/** A labelled input with its error and hint tied to it (aria-invalid, aria-describedby). */
export function TextField({
  label,
  registration,
  error,
  hint,
  type = 'text',
  autoComplete,
  readOnly,
  className,
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        readOnly={readOnly}
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
