/**
 * Installs every Debian package the test suite needs (Dovecot for the mailbox API tests,
 * Chromium's headless shell for the browser stories) with one `apt-get update` between them.
 * Each suite also makes sure of its own package, so a single suite run alone still works.
 */
import { CHROMIUM_PACKAGE } from './ensure-chromium.ts';
import { ensureDebianPackages } from './ensure-debian-package.ts';
import { DOVECOT_PACKAGE } from './ensure-dovecot.ts';

export function ensureTestPackages(): void {
  ensureDebianPackages([DOVECOT_PACKAGE, CHROMIUM_PACKAGE]);
}

if (import.meta.main) ensureTestPackages();
