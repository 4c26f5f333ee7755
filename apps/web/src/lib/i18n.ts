import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@kontora/contract/limits';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api-client.ts';

export const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

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

export function writeLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
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

/** Fetches `assets/i18n/<lang>.json` on demand, one language at a time. */
const jsonBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    fetch(`./assets/i18n/${language}.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        return response.json();
      })
      .then(
        (data) => callback(null, data),
        (error: unknown) => callback(error as Error, false),
      );
  },
};

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}

function onLanguage(language: string): void {
  document.documentElement.lang = language;
  setApiLanguage(language);
}

export function initI18n(): typeof i18next {
  const language = detectLanguage();
  onLanguage(language);
  i18next.on('languageChanged', onLanguage);
  void i18next
    .use(jsonBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...(['hr', 'en', 'es', 'de', 'it', 'ru'] satisfies Language[])],
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18next;
}
