import { type ReactNode, useId } from 'react';

/** What a control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: ReactNode;
  /** Already translated error text. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
  labelClassName?: string | undefined;
  /** `form-control` or `form-select`; `is-invalid` is added on error. */
  controlClass: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The label, hint and error around one form control, tied to it by id,
 * aria-invalid and aria-describedby: inputs, selects and textareas share it.
 */
export function FormField({
  label,
  error,
  hint,
  className,
  labelClassName = 'form-label',
  controlClass,
  children,
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({
        id,
        className: `${controlClass}${error ? ' is-invalid' : ''}`,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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
