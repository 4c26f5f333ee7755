/**
 * Makes sure Debian's Dovecot IMAP server is installed for the mailbox API
 * tests, which sync from a real IMAP server.
 */
import { type DebianPackage, ensureDebianPackages } from './ensure-debian-package.ts';

export const DOVECOT_PATH = '/usr/sbin/dovecot';

export const DOVECOT_PACKAGE: DebianPackage = {
  path: DOVECOT_PATH,
  pkg: 'dovecot-imapd',
  withoutRecommends: true,
};

export function ensureDovecot(): void {
  ensureDebianPackages([DOVECOT_PACKAGE]);
}

if (import.meta.main) ensureDovecot();
