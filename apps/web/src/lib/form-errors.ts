import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from './api-client.ts';
import { problemText } from './server-problems.ts';
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

type ServerErrorOptions<T extends FieldValues> = {
  /** With `t`, a problem no listed field shows goes to the form's root error (the alert above it). */
  t?: TFunction;
  /** API field name → form field name, where they differ. */
  rename?: Record<string, Path<T>>;
  /** Details shown elsewhere (e.g. per row), so the root alert does not repeat them. */
  shownElsewhere?: readonly string[];
};

/**
 * The one catch block of every form: puts the API's per-field problems
 * (`details`: path → codes; the last path segment names the field) on the form,
 * focuses the first, and, given `t`, puts whatever no field shows on the root
 * error. Returns whether any field took an error.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
  { t, rename = {}, shownElsewhere = [] }: ServerErrorOptions<T> = {},
): boolean {
  let applied = false;
  if (isApiError(error)) {
    const done = new Set<string>();
    for (const [path, codes] of Object.entries(error.details)) {
      const last = path.split('.').at(-1) ?? path;
      const name = rename[last] ?? (last as Path<T>);
      const code = codes[0];
      if (!code || !fields.includes(name) || done.has(name)) continue;
      form.setError(name, { type: 'server', message: code }, { shouldFocus: !applied });
      done.add(name);
      applied = true;
    }
  }
  if (t) {
    const shown = [...fields, ...Object.keys(rename), ...shownElsewhere];
    const text = problemText(t, error, shown);
    if (text) form.setError('root', { type: 'server', message: text });
  }
  return applied;
}
