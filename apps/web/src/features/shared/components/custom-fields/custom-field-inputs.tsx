import { CUSTOM_FIELD_LIMITS, type CustomField } from '@kontora/contract/custom-fields';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../components/form-field.tsx';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useOwnerOptions } from '../owner-options.ts';
import type { CustomInput, CustomInputs } from './custom-inputs.ts';
import { useFieldLabel } from './field-label.ts';
import { fieldSections } from './field-sections.ts';

const INPUT_TYPES: Partial<Record<CustomField['type'], string>> = {
  date: 'date',
  datetime: 'datetime-local',
  url: 'url',
  email: 'email',
  phone: 'tel',
};
const NUMERIC = ['number', 'currency', 'percent'];

type Props = {
  fields: readonly CustomField[];
  values: CustomInputs | undefined;
  onChange: (key: string, value: CustomInput) => void;
  /** Translated problems by key. */
  errors: Record<string, string | undefined>;
  /** One field on its own (the bulk action's dialog): no section heading around it. */
  plain?: boolean;
};

/**
 * An input per company field, by its type; shared by the customer and deal forms. The fields
 * stand under their sections' headings, in the company's order (field-sections.ts).
 */
export function CustomFieldInputs({ fields, values, onChange, errors, plain = false }: Props) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  const inputs = (group: readonly CustomField[]) => (
    <div className="row g-3 mt-0">
      {group.map((field) => (
        <CustomFieldInput
          key={field.key}
          field={field}
          value={values?.[field.key]}
          onChange={(value) => onChange(field.key, value)}
          error={errors[field.key]}
        />
      ))}
    </div>
  );
  if (plain) return inputs(fields);
  return fieldSections(fields).map((section) => (
    <fieldset key={section.name ?? ''} className="mt-4">
      <legend className="h6 mb-0 pb-1 border-bottom">
        {section.name ?? t('customFields.sections.default')}
      </legend>
      {inputs(section.fields)}
    </fieldset>
  ));
}

function CustomFieldInput({
  field,
  value,
  onChange,
  error,
}: {
  field: CustomField;
  value: CustomInput | undefined;
  onChange: (value: CustomInput) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = useFieldLabel()(field);
  const people = useOwnerOptions(useCompanyId()).options;
  const wide = field.type === 'long_text' || field.type === 'multi_select';
  const className = wide ? 'col-12' : 'col-12 col-md-6';
  const hint = field.help ?? undefined;
  const text = typeof value === 'string' ? value : '';

  if (field.type === 'checkbox')
    return (
      <div className={className}>
        <div className="form-check mt-md-4">
          <input
            id={id}
            type="checkbox"
            className={`form-check-input${error ? ' is-invalid' : ''}`}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          <label className="form-check-label" htmlFor={id}>
            {label}
          </label>
          {error && <div className="invalid-feedback">{error}</div>}
        </div>
      </div>
    );

  if (field.type === 'multi_select') {
    const chosen = Array.isArray(value) ? value : [];
    const toggle = (option: string, on: boolean) =>
      onChange(on ? [...chosen, option] : chosen.filter((v) => v !== option));
    return (
      <fieldset className={className}>
        <legend className="form-label fs-6 mb-1">{label}</legend>
        {field.options
          .filter((o) => !o.hidden || chosen.includes(o.value))
          .map((option) => (
            <div key={option.value} className="form-check form-check-inline">
              <input
                id={`${id}-${option.value}`}
                type="checkbox"
                className={`form-check-input${error ? ' is-invalid' : ''}`}
                checked={chosen.includes(option.value)}
                onChange={(e) => toggle(option.value, e.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${id}-${option.value}`}>
                {option.label}
              </label>
            </div>
          ))}
        {hint && !error && <div className="form-text">{hint}</div>}
        {error && <div className="invalid-feedback d-block">{error}</div>}
      </fieldset>
    );
  }

  const choices =
    field.type === 'single_select'
      ? field.options.filter((o) => !o.hidden || o.value === text)
      : field.type === 'person'
        ? people.map((p) => ({ value: p.value, label: p.label }))
        : null;
  const controlClass = choices ? 'form-select' : 'form-control';
  return (
    <FormField label={label} error={error} hint={hint} className={className} controlClass={controlClass}>
      {(control) =>
        choices ? (
          <select {...control} value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t('customFields.noChoice')}</option>
            {choices.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : field.type === 'long_text' ? (
          <textarea
            {...control}
            rows={3}
            maxLength={CUSTOM_FIELD_LIMITS.longTextMax}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...control}
            type={INPUT_TYPES[field.type] ?? 'text'}
            inputMode={NUMERIC.includes(field.type) ? 'decimal' : undefined}
            autoComplete="off"
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FormField>
  );
}
