/**
 * Makes sure Debian's Dovecot IMAP server is installed for the mailbox API
 * tests, which sync from a real IMAP server.
 */
import { ensureDebianPackage } from './ensure-debian-package.ts';

export const DOVECOT_PATH = '/usr/sbin/dovecot';

export function ensureDovecot(): void {
  ensureDebianPackage({ path: DOVECOT_PATH, pkg: 'dovecot-imapd', withoutRecommends: true });
}

if (import.meta.main) ensureDovecot();
