/**
 * `npm run build` of the web app, skipped when apps/web/dist was built from exactly the
 * sources there are now. The browser tests (test:e2e) need a current build, but rebuilding
 * an unchanged app costs a minute of the suite on a 2-core machine (decision 025).
 *
 * "Exactly" is a content hash, not file times: of every file the build reads (the web app
 * outside dist/ and e2e/, the shared contract package, the lock file for the tools'
 * versions). A build that succeeds records the hash with the time of dist/index.html in
 * node_modules/.cache (outside dist/, which the server serves); a missing or different
 * record, e.g. after a plain `npm run build` of other sources, means a build, so a fresh
 * clone always builds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const STAMP = path.join(ROOT, 'node_modules/.cache/kontora/web-dist-sources');
const INPUTS = ['apps/web', 'packages/contract', 'package-lock.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'e2e']);

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

export function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The sources' hash and the built index.html it produced, or null when there is no build. */
function builtFrom(hash: string): string | null {
  return existsSync(INDEX) ? `${hash} ${statSync(INDEX).mtimeMs}` : null;
}

function main(): void {
  const hash = sourcesHash();
  const current = builtFrom(hash);
  if (current && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === current) {
    console.log('build-web-if-stale: apps/web/dist is current, not rebuilding');
    return;
  }
  const result = spawnSync('npm', ['run', 'build', '-w', '@kontora/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${builtFrom(hash)}\n`);
}

if (import.meta.main) main();
