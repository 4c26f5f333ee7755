/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@kontora/contract/errors';
import { LANGUAGES, MODULES } from '@kontora/contract/limits';
import { describe, expect, it } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../public/assets/i18n');
const CONTRACT_DIR = path.resolve(import.meta.dirname, '../../../../packages/contract/src');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const files = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    flatten(JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as Tree),
  ]),
) as Record<(typeof LANGUAGES)[number], Map<string, string>>;
const english = files.en;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
/** Values that are the same in every language on purpose: language names (each in its own language), the product name. */
const sameEverywhere = (key: string) => key.startsWith('language.names.') || key === 'app.name';

describe('translation files', () => {
  it('exist for exactly the six supported languages', () => {
    const present = readdirSync(I18N_DIR)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(present).toEqual([...LANGUAGES].sort());
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const keys = files[language];

      it('has no missing and no extra key compared with en', () => {
        const missing = [...english.keys()].filter((key) => !keys.has(key));
        const extra = [...keys.keys()].filter((key) => !english.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has no empty text and the same {{placeholders}} as en', () => {
        for (const [key, value] of keys) {
          expect(value.trim(), key).not.toBe('');
          expect(placeholders(value), key).toEqual(placeholders(english.get(key) ?? ''));
        }
      });

      it.skipIf(language === 'en')('is translated, not copied from en', () => {
        const candidates = [...keys].filter(([key]) => !sameEverywhere(key));
        const copied = candidates.filter(([key, value]) => value === english.get(key)).map(([key]) => key);
        // Short technical words (CRM, Layout, Administrator…) may be spelt alike; whole screens may not.
        expect(copied.length / candidates.length, copied.join(', ')).toBeLessThan(0.05);
      });
    });
  }

  it('translate every API error code', () => {
    const missing = ERROR_CODES.filter((code) => !english.has(`errors.${code}`));
    expect(missing).toEqual([]);
  });

  it('translate every validation code of the shared schemas', () => {
    const source = readdirSync(CONTRACT_DIR)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(path.join(CONTRACT_DIR, file), 'utf8'))
      .join('\n');
    const codes = new Set([...source.matchAll(/(?:error|message): '([a-z_]+)'/g)].map((m) => m[1]));
    const missing = [...codes].filter((code) => !english.has(`validation.${code}`));
    expect(missing).toEqual([]);
  });

  it('name every module', () => {
    const missing = MODULES.filter((module) => !english.has(`modules.${module.key}`)).map(
      (module) => module.key,
    );
    expect(missing).toEqual([]);
  });
});
