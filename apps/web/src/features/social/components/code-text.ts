import i18next, { type TFunction } from 'i18next';

/**
 * Translates a key built at run time from a code the API or the rules give
 * (`social.status.<status>`, `social.problems.<code>`…), with values; an unknown
 * code falls back to `fallbackKey` so a new server code never shows a raw key.
 */
export function codeText(
  t: TFunction,
  key: string,
  options: Record<string, unknown> = {},
  fallbackKey?: string,
): string {
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  if (i18next.exists(key) || !fallbackKey) return translate(key, options);
  return translate(fallbackKey, options);
}
