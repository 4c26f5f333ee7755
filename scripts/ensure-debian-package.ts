/**
 * Installs a Debian package the tests need (Chromium for the browser tests,
 * Dovecot for the mailbox tests) when its program is missing. CI runs as
 * root on a machine that may be new, so apt-get is called directly, without
 * sudo; nothing is downloaded from outside Debian's mirrors.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface DebianPackage {
  /** The program the tests run; present means installed. */
  path: string;
  pkg: string;
  /** Leave out recommended packages (a server needs none of them here). */
  withoutRecommends?: boolean;
}

function run(pkg: string, command: string, args: string[]): void {
  console.log(`ensure ${pkg}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(`ensure ${pkg}: "${command} ${args.join(' ')}" failed with status ${result.status}`);
  }
}

/** Installs the packages whose program is missing, after one `apt-get update` for them all. */
export function ensureDebianPackages(packages: DebianPackage[]): void {
  const missing = packages.filter(({ path }) => !existsSync(path));
  if (!missing.length) return;
  const names = missing.map(({ pkg }) => pkg).join(', ');
  console.log(`ensure ${names}: missing, installing from Debian`);
  run(names, 'apt-get', ['update']);
  for (const { path, pkg, withoutRecommends = false } of missing) {
    run(pkg, 'apt-get', ['install', '-y', ...(withoutRecommends ? ['--no-install-recommends'] : []), pkg]);
    if (!existsSync(path)) throw new Error(`ensure ${pkg}: ${path} still missing after install`);
    console.log(`ensure ${pkg}: installed ${path}`);
  }
}
