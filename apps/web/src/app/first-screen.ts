import { loadModule } from '../lib/loaded-modules.ts';
import { readStoredUser } from '../lib/storage.ts';
import { askFirstScreenData } from './first-screen-data.ts';
import { firstScreens, pathOfHash } from './first-screen-route.ts';
import { screenModules } from './screen-modules.ts';

let firstScreenCode: Promise<unknown> = Promise.resolve();

/**
 * Settles once the first screen's code (asked for by preloadFirstScreen) has arrived, or failed
 * to: React.lazy then meets the same failure and shows it.
 */
export function firstScreenLoaded(): Promise<unknown> {
  return firstScreenCode;
}

/**
 * Starts loading the first screen's code from the entry, beside the app's libraries
 * rather than after they have arrived and run. React.lazy's later import() of the same
 * module gets the same module; a failed load here is left to it (it shows the error).
 * The first answers the screen needs were asked by the document's inline script; the
 * entry asks whatever that script did not (app/first-screen-data.ts).
 */
export function preloadFirstScreen(language: string): void {
  const screens = firstScreens(pathOfHash(location.hash), readStoredUser() !== null);
  firstScreenCode = Promise.allSettled(screens.map((name) => loadModule<unknown>(screenModules[name])));
  askFirstScreenData(language);
}
