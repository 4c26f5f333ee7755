import { detectLanguage } from '../lib/language-detect.ts';
import { readStoredUser } from '../lib/storage.ts';
import { askFirstScreenData } from './first-screen-data.ts';
import { firstScreens, pathOfHash, type ScreenName } from './first-screen-route.ts';

/**
 * Not part of the app: build/first-screen-hints.ts bundles this file on its own and writes it
 * into index.html as an inline script, with FIRST_SCREEN_FILES replaced by the built files of
 * each screen. It runs while the document is still being read, before any script file has
 * arrived, and asks for the first screen's code and the visit's translations — the requests the
 * entry (main.tsx) would otherwise send only once it and its `boot` chunk had downloaded and run
 * (docs/decisions/036-document-asks-for-first-screen.md). The entry asks for the same addresses again
 * and the browser answers those from these downloads. Then it asks the first screen's API
 * questions, whose answers the app takes from lib/early-requests.ts
 * (docs/decisions/110-document-asks-for-first-answers.md).
 */
declare const FIRST_SCREEN_FILES: Partial<Record<ScreenName, { scripts: string[]; styles: string[] }>>;

function ask(rel: 'modulepreload' | 'preload', href: string, as?: 'fetch' | 'style'): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  // The entry's module imports, its fetch() and Vite's stylesheet links of a chunk are all CORS
  // requests; the browser reuses only a preload of the same mode.
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

try {
  // Exactly as lib/translations-fetch.ts builds the address.
  ask('preload', `./assets/i18n/${detectLanguage()}.json`, 'fetch');
  for (const screen of firstScreens(pathOfHash(location.hash), readStoredUser() !== null)) {
    const files = FIRST_SCREEN_FILES[screen];
    for (const file of files?.scripts ?? []) ask('modulepreload', `./${file}`);
    for (const file of files?.styles ?? []) ask('preload', `./${file}`, 'style');
  }
} catch {
  // Only a head start: if anything here fails, the entry still asks for everything itself.
}
try {
  askFirstScreenData(detectLanguage());
} catch {
  // The entry asks whatever was not asked here.
}
