/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importSpecifiers } from '../../../scripts/import-graph.ts';

/**
 * A feature owns its folder and does not import another feature;
 * what several features need lives in `lib/`, `components/` or the `shared` feature. This test
 * keeps the rule true for code not yet written, the way bulletproof-react's restricted-path lint
 * rules do: it reads every import (static, re-export, side-effect and dynamic `import()`) of every
 * .ts/.tsx file under `src/` and resolves the relative ones.
 */
const SRC = import.meta.dirname;
const FEATURES = path.join(SRC, 'features');
/** Feature folders every feature may import. */
const SHARED_FEATURES = new Set(['shared']);
/** Folders below the features: they must not depend on any feature (app/ composes features, so it may). */
const BELOW_FEATURES = ['lib', 'components', 'config', 'types'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

type Import = { from: string; specifier: string; target: string };

/** Relative imports of every source file, resolved to absolute paths. Packages are not followed. */
function relativeImports(files: string[]): Import[] {
  return files.flatMap((from) =>
    importSpecifiers(readFileSync(from, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from, specifier, target: path.resolve(path.dirname(from), specifier) })),
  );
}

/** The feature folder a path belongs to, or undefined outside features/. */
function featureOf(file: string): string | undefined {
  const relative = path.relative(FEATURES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : undefined;
}

function crossFeatureImports(imports: Import[]): string[] {
  return imports
    .filter(({ from, target }) => {
      const own = featureOf(from);
      const other = featureOf(target);
      return own !== undefined && other !== undefined && own !== other && !SHARED_FEATURES.has(other);
    })
    .map(({ from, specifier }) => `${path.relative(SRC, from)} imports '${specifier}'`);
}

/** Groups of files that import each other, directly or through others. */
function importCycles(imports: Import[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const { from, target } of imports) edges.set(from, [...(edges.get(from) ?? []), target]);
  return cyclesOf(edges).map((cycle) => cycle.map((file) => path.relative(SRC, file)).sort());
}

const imports = relativeImports(sourceFiles(SRC));

describe('web feature boundaries', () => {
  it('finds the imports of the source tree (the walk is not empty)', () => {
    expect(imports.filter(({ from }) => featureOf(from) !== undefined).length).toBeGreaterThan(100);
  });

  it('no feature imports another feature (only the shared feature)', () => {
    expect(crossFeatureImports(imports)).toEqual([]);
  });

  it('lib, components, config and types import no feature', () => {
    const upward = imports
      .filter(({ from, target }) => {
        const top = path.relative(SRC, from).split(path.sep)[0] ?? '';
        return BELOW_FEATURES.includes(top) && !path.relative(FEATURES, target).startsWith('..');
      })
      .map(({ from, specifier }) => `${path.relative(SRC, from)} imports '${specifier}'`);
    expect(upward).toEqual([]);
  });

  it('no two files import each other, directly or through others', () => {
    expect(importCycles(imports)).toEqual([]);
  });
});
