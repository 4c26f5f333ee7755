import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Reloads an open edit form over a newer version of its record: the fields the
 * person has not touched (still as the version the form edits had them) take
 * the newer values; what they typed stays, to be saved over the newer version.
 * Compared as JSON: some form values are lists (a to-do's reminders, weekdays).
 */
export function followLatest<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setValue'>,
  fields: readonly Path<T>[],
  before: T,
  after: T,
): void {
  const current = form.getValues();
  for (const field of fields) {
    if (JSON.stringify(current[field]) === JSON.stringify(before[field]))
      form.setValue(field, after[field] as PathValue<T, Path<T>>);
  }
}
