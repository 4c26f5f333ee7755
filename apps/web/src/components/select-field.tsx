import type { ReactNode, SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

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
  const control = registration ?? { value, onChange };
  return (
    <FormField label={label} error={error} hint={hint} className={className} controlClass="form-select">
      {(field) => (
        <select disabled={disabled} {...field} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
