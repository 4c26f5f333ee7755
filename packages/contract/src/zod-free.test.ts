import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * These modules hold the constants and helpers the web app needs on every signed-in first
 * load; they exist so that zod does not load there (docs/decisions/021-lean-css-and-first-paint.md).
 * An import in them (zod, or a module that uses it) would bring it back unnoticed.
 */
const ZOD_FREE = [
  'preference-values.ts',
  'live-limits.ts',
  'customer-values.ts',
  'customer-view-values.ts',
  'customer-import-values.ts',
  'change-types.ts',
  'app-links.ts',
];

describe('zod-free contract modules', () => {
  it.each(ZOD_FREE)('%s imports nothing', (file) => {
    const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
    expect(source).not.toMatch(/\bfrom\s+['"]|\bimport\s*\(|^\s*import\s+['"]/m);
  });
});
