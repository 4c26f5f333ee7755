import type { CustomField, CustomRecord } from '@kontora/contract/custom-fields';
import type { ComponentProps } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client.ts';
import { fieldErrorText } from '../../../../lib/form-errors.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useCustomFields } from '../../api/custom-fields.ts';
import type { CustomFieldInputs } from './custom-field-inputs.tsx';
import type { CustomInputs } from './custom-inputs.ts';

/** The fields not archived, once loaded (a form waits for them: its values depend on their types). */
export function useFormCustomFields(record: CustomRecord): CustomField[] | undefined {
  const fields = useCustomFields(useCompanyId(), record);
  if (fields.isError) return [];
  return fields.data?.filter((field) => !field.archived);
}

/** The server's `custom.{key}` problems about the form's fields, as key and code. */
export function customProblems(
  error: unknown,
  fields: readonly CustomField[],
): [key: string, code: string][] {
  if (!isApiError(error)) return [];
  const keys = fields.map((field) => field.key);
  const out: [string, string][] = [];
  for (const [path, codes] of Object.entries(error.details)) {
    const key = path.startsWith('custom.') ? path.slice('custom.'.length) : '';
    if (keys.includes(key) && codes[0]) out.push([key, codes[0]]);
  }
  return out;
}

/** After a reload, fields the person has not touched take the latest values; typed ones stay. */
export function followLatestCustom(
  current: CustomInputs | undefined,
  before: CustomInputs,
  latest: CustomInputs,
): CustomInputs {
  const next = { ...current };
  for (const [key, value] of Object.entries(latest))
    if (JSON.stringify(current?.[key]) === JSON.stringify(before[key])) next[key] = value;
  return next;
}

/** Ties the company's fields' inputs to a react-hook-form form holding them under `custom`. */
export function useCustomInputProps<T extends FieldValues & { custom?: CustomInputs }, U>(
  form: UseFormReturn<T, unknown, U>,
  fields: readonly CustomField[],
): ComponentProps<typeof CustomFieldInputs> {
  const { t } = useTranslation();
  const errors = form.formState.errors as { custom?: Record<string, { message?: string } | undefined> };
  return {
    fields,
    values: form.watch('custom' as Path<T>) as CustomInputs | undefined,
    onChange: (key, value) => {
      const name = `custom.${key}` as Path<T>;
      form.setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true });
      form.clearErrors(name);
    },
    errors: Object.fromEntries(
      fields.map((field) => [field.key, fieldErrorText(t, errors.custom?.[field.key]?.message)]),
    ),
  };
}
