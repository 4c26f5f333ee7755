/**
 * Makes sure Debian's Chromium headless shell is installed for the browser tests
 * (playwright-core drives it; we do not download Playwright's own browser builds).
 * The shell is the same Chromium without the browser's own windows and interface, the
 * build Playwright itself uses for headless runs: the stories cost about 30 % less CPU
 * in it than in the full `chromium` (decision 080).
 */
import { type DebianPackage, ensureDebianPackages } from './ensure-debian-package.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PACKAGE: DebianPackage = { path: CHROMIUM_PATH, pkg: 'chromium-headless-shell' };

export function ensureChromium(): void {
  ensureDebianPackages([CHROMIUM_PACKAGE]);
}

if (import.meta.main) ensureChromium();
