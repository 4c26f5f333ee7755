import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@kontora/contract/limits';

/**
 * The language of a visit, decided before any library loads: main.tsx fetches that
 * language's translations at once (lib/translations-fetch.ts), and lib/i18n.ts starts
 * i18next in it. Kept free of i18next and React so it stays in the small entry chunk.
 */
export const LANGUAGE_COOKIE = 'lang';

export function readLanguageCookie(): Language | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isLanguage(value) ? value : null;
    }
  }
  return null;
}

/** The browser's first language reduced to its primary tag ("de-AT" → "de"). */
export function browserLanguage(): string {
  return (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase().split('-')[0] ?? '';
}

/** Cookie `lang`, else the browser language; anything outside the six falls back to hr (docs/product.md §4). */
export function detectLanguage(): Language {
  const fromCookie = readLanguageCookie();
  if (fromCookie) return fromCookie;
  const fromBrowser = browserLanguage();
  return isLanguage(fromBrowser) ? fromBrowser : FALLBACK_LANGUAGE;
}
