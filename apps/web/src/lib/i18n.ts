import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@kontora/contract/limits';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api-client.ts';
import { detectLanguage, LANGUAGE_COOKIE } from './language-detect.ts';
import { fetchTranslations } from './translations-fetch.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function writeLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** Fetches `assets/i18n/<lang>.json` on demand, one language at a time (the first one is usually on its way already). */
const jsonBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    fetchTranslations(language).then(
      (data) => callback(null, data as ResourceKey),
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

/** Starts i18next; the promise settles once the visit's translations are in (or failed to load). */
export function initI18n(): Promise<unknown> {
  const language = detectLanguage();
  onLanguage(language);
  i18next.on('languageChanged', onLanguage);
  return i18next
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
    })
    .catch(() => {});
}
