/**
 * Makes sure Debian's Chromium is installed for the browser tests (playwright-core
 * drives it; we do not download Playwright's own browser builds).
 */
import { ensureDebianPackage } from './ensure-debian-package.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function ensureChromium(): void {
  ensureDebianPackage({ path: CHROMIUM_PATH, pkg: 'chromium' });
}

if (import.meta.main) ensureChromium();
