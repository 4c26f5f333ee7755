/**
 * Makes sure Debian's Dovecot IMAP server is installed for the mailbox API
 * tests, which sync from a real IMAP server. CI runs as root, so apt-get is
 * called directly, without sudo.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DOVECOT_PATH = '/usr/sbin/dovecot';

function run(command: string, args: string[]): void {
  console.log(`ensure-dovecot: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(`ensure-dovecot: "${command} ${args.join(' ')}" failed with status ${result.status}`);
  }
}

export function ensureDovecot(): void {
  if (existsSync(DOVECOT_PATH)) return;
  console.log(`ensure-dovecot: ${DOVECOT_PATH} is missing, installing the Debian package`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'dovecot-imapd']);
  if (!existsSync(DOVECOT_PATH))
    throw new Error(`ensure-dovecot: ${DOVECOT_PATH} still missing after install`);
  console.log(`ensure-dovecot: installed ${DOVECOT_PATH}`);
}

if (import.meta.main) ensureDovecot();
