import i18next, { type TFunction } from 'i18next';

/**
 * Translates a key built at run time (an error or validation code from the API or
 * a schema), falling back to a fixed key when the code has no translation.
 */
export function translateCode(t: TFunction, prefix: string, code: string, fallbackKey: string): string {
  const key = `${prefix}.${code}`;
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return i18next.exists(key) ? translate(key) : translate(fallbackKey);
}
