import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

type TextareaFieldProps = {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Already translated error text. */
  error?: string | undefined;
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
  labelClassName,
}: TextareaFieldProps) {
  return (
    <FormField
      label={label}
      error={error}
      hint={hint}
      className={className}
      labelClassName={labelClassName}
      controlClass="form-control"
    >
      {(control) => <textarea rows={rows} maxLength={maxLength} {...control} {...registration} />}
    </FormField>
  );
}
