/**
 * Merges new translations into the six language files:
 *   npm run i18n:merge -- patch.json
 * where patch.json is `{ "en": { "crm": { … } }, "hr": { … }, … }` (nested keys,
 * deep-merged; existing keys are overwritten). Several people (or agents) adding
 * keys at once would lose each other's edits with read-modify-write, so merges
 * take a lock directory first.
 */
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };

const I18N_DIR = path.resolve(import.meta.dirname, '../apps/web/public/assets/i18n');
const LOCK = path.join(I18N_DIR, '.merge-lock');

function deepMerge(target: Tree, patch: Tree): Tree {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    if (typeof value === 'string') target[key] = value;
    else target[key] = deepMerge(typeof current === 'object' ? current : {}, value);
  }
  return target;
}

async function withLock(work: () => void): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`lock ${LOCK} held for 30 s; remove it if stale`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    work();
  } finally {
    rmdirSync(LOCK);
  }
}

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run i18n:merge -- patch.json');
  process.exit(2);
}
const patch = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Tree>;

await withLock(() => {
  for (const [language, tree] of Object.entries(patch)) {
    const target = path.join(I18N_DIR, `${language}.json`);
    const current = JSON.parse(readFileSync(target, 'utf8')) as Tree;
    writeFileSync(target, `${JSON.stringify(deepMerge(current, tree), null, 2)}\n`);
  }
});
console.log(`merged ${Object.keys(patch).join(', ')} from ${file}`);
