import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

type TextFieldProps = {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Already translated error text. */
  error?: string | undefined;
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
  return (
    <FormField label={label} error={error} hint={hint} className={className} controlClass="form-control">
      {(control) => (
        <input type={type} autoComplete={autoComplete} readOnly={readOnly} {...control} {...registration} />
      )}
    </FormField>
  );
}
