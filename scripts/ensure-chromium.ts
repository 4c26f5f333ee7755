/**
 * Makes sure Debian's Chromium is installed for the browser tests (playwright-core
 * drives it; we do not download Playwright's own browser builds). CI runs as root,
 * so apt-get is called directly, without sudo.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

function run(command: string, args: string[]): void {
  console.log(`ensure-chromium: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(`ensure-chromium: "${command} ${args.join(' ')}" failed with status ${result.status}`);
  }
}

export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) {
    console.log(`ensure-chromium: ${CHROMIUM_PATH} is present, nothing to do`);
    return;
  }
  console.log(`ensure-chromium: ${CHROMIUM_PATH} is missing, installing the Debian package`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`ensure-chromium: ${CHROMIUM_PATH} still missing after install`);
  console.log(`ensure-chromium: installed ${CHROMIUM_PATH}`);
}

if (import.meta.main) ensureChromium();
