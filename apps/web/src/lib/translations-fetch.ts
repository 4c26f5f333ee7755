/**
 * `assets/i18n/<lang>.json`, fetched once per request for it. main.tsx asks for the
 * visit's language while the app's libraries are still downloading, so the file is
 * there when i18next starts instead of one round trip after it; i18next's backend
 * (lib/i18n.ts) then takes that answer rather than fetching again. A later request
 * for the same language (switching back and forth) fetches afresh.
 */
const early = new Map<string, Promise<unknown>>();

function fetchJson(language: string): Promise<unknown> {
  return fetch(`./assets/i18n/${language}.json`).then((response) => {
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return response.json();
  });
}

/** Starts the download; a failure surfaces when i18next takes it (and shows its error there). */
export function prefetchTranslations(language: string): void {
  const pending = fetchJson(language);
  pending.catch(() => {});
  early.set(language, pending);
}

export function fetchTranslations(language: string): Promise<unknown> {
  const pending = early.get(language);
  early.delete(language);
  return pending ?? fetchJson(language);
}
