import i18next, { type TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';
import { errorMessage } from './errors.ts';

/**
 * Texts for the codes the admin and team APIs put in `details` (and the schemas
 * in form errors): the conflict reasons of a 409 (`last_owner`, `last_superuser`,
 * `cannot_disable_self`, `not_invited`, `already_member`…) live under
 * `admin.reasons`, everything else under `validation` or `errors`.
 */
export function reasonText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const translate = t as unknown as (key: string) => string;
  for (const prefix of ['admin.reasons', 'validation', 'errors']) {
    const key = `${prefix}.${code}`;
    if (i18next.exists(key)) return translate(key);
  }
  return translate('validation.invalid');
}

const lastSegment = (path: string) => path.split('.').at(-1) ?? path;

/**
 * Puts the API's per-field problems on the form (the last segment of each
 * `details` path names the field) and focuses the first. Returns the fields set.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string[] {
  if (!isApiError(error)) return [];
  const applied: string[] = [];
  for (const [path, codes] of Object.entries(error.details)) {
    const name = lastSegment(path) as Path<T>;
    const code = codes[0];
    if (!code || !fields.includes(name) || applied.includes(name)) continue;
    setError(name, { type: 'server', message: code }, { shouldFocus: applied.length === 0 });
    applied.push(name);
  }
  return applied;
}

/**
 * What an alert above a form says about a failed call, or null when the fields
 * already say it all: per-field problems shown next to `shownFields` are not
 * repeated; a problem about anything else reads as its reason (e.g. "a company
 * must keep an owner"); errors without details read as the translated code.
 */
export function problemText(
  t: TFunction,
  error: unknown,
  shownFields: readonly string[] = [],
): string | null {
  if (!error) return null;
  if (isApiError(error) && Object.keys(error.details).length > 0) {
    const hidden = Object.entries(error.details).filter(([path]) => !shownFields.includes(lastSegment(path)));
    const first = hidden[0]?.[1][0];
    if (first) return reasonText(t, first) ?? null;
    return error.code === 'validation_failed' ? errorMessage(t, error) : null;
  }
  return errorMessage(t, error);
}
