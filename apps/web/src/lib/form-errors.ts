import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';
import { translateCode } from './translate.ts';

type IssueLike = { code?: string; minimum?: unknown; maximum?: unknown; format?: string; input?: unknown };

/**
 * Per-parse zod error map: the contract names its own codes (password_too_short,
 * invalid_email…); this gives the remaining built-in issues a code as well, so
 * every message the forms show is a translation key under `validation.`.
 */
export function zodCodes(issue: IssueLike): string {
  if (issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.minimum === 1)) return 'required';
  if (issue.code === 'too_small') return 'too_short';
  if (issue.code === 'too_big') return 'too_long';
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'invalid_email';
  return 'invalid';
}

export const resolverOptions = { error: zodCodes } as const;

/** The translated text of a field error whose message is a validation code. */
export function fieldErrorText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return translateCode(t, 'validation', code, 'validation.invalid');
}

/**
 * Puts the API's per-field problems (`details`: field → codes) on the form and
 * focuses the first field concerned. Returns whether any field took an error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  /** API field name → form field name, where they differ. */
  rename: Record<string, Path<T>> = {},
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const [path, codes] of Object.entries(error.details)) {
    const last = path.split('.').at(-1) ?? path;
    const name = rename[last] ?? (last as Path<T>);
    const code = codes[0];
    if (!code || !fields.includes(name)) continue;
    setError(name, { type: 'server', message: code }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
