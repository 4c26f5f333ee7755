/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importSpecifiers } from '../../../scripts/import-graph.ts';

/**
 * Decision 033: a server module's public face is its `*.service.ts` files; no module imports
 * another module's repository, cache or other internal file, and no two modules depend on each
 * other, directly or through others. What several modules need lives below them, in `lib/`,
 * `db/`, `jobs/`, `mail/` (which import no module), `plugins/` or `packages/contract`. The test
 * reads every import (static, type, re-export, side-effect and dynamic `import()`) of every
 * .ts file under `src/` but test files and `test-support/`, with the reader the web's
 * feature-boundaries.unit.test.ts uses (scripts/import-graph.ts).
 *
 * What still crosses is named below with its reason. An entry whose crossing is gone fails the
 * test too, so the lists only shrink: delete the entry with the fix.
 */
const SRC = import.meta.dirname;
const MODULES = path.join(SRC, 'modules');
/** Folders below the modules: shared code that must not depend on any module. */
const BELOW_MODULES = ['db', 'jobs', 'mail', 'lib'];

/** A module's public face (decision 007): its services. Anything else in its folder is its own. */
const isPublicFace = (file: string): boolean => file.endsWith('.service.ts');

/**
 * Imports of another module's internal file that remain, as `<module>/<file> -> <module>/<file>`,
 * with why. None remain; one that must stay is named here with its reason.
 */
const ALLOWED_CROSSINGS: Readonly<Record<string, string>> = {};

/**
 * Module dependencies, as `<module> -> <module>`, that close a cycle and remain, with why. The
 * cycle check leaves these out; each must still exist and still close a cycle.
 */
const ALLOWED_CYCLE_EDGES: Readonly<Record<string, string>> = {};

/** Imports of a module from the folders below the modules, as `<file> -> <module>/<file>`, with why. */
const ALLOWED_UPWARD: Readonly<Record<string, string>> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

type Import = { from: string; target: string };

/** Relative imports of every source file, resolved to absolute paths, each pair once. Packages are not followed. */
function relativeImports(files: string[]): Import[] {
  const seen = new Set<string>();
  return files.flatMap((from) =>
    importSpecifiers(readFileSync(from, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from, target: path.resolve(path.dirname(from), specifier) }))
      .filter(({ target }) => !seen.has(`${from}\n${target}`) && seen.add(`${from}\n${target}`)),
  );
}

/**
 * The module a path belongs to: its first folder under modules/, so the files of a module's
 * sub-folders (`customers/list/…`) are the module's own. Undefined outside modules/.
 */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(MODULES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : undefined;
}

const inModules = (file: string) => path.relative(MODULES, file).split(path.sep).join('/');
const inSrc = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** Imports from one module into another module's internal file, as `<module>/<file> -> <module>/<file>`. */
function crossings(imports: Import[]): string[] {
  return imports
    .filter(({ from, target }) => {
      const own = moduleOf(from);
      const other = moduleOf(target);
      return own !== undefined && other !== undefined && own !== other && !isPublicFace(target);
    })
    .map(({ from, target }) => `${inModules(from)} -> ${inModules(target)}`)
    .sort();
}

/** Which modules each module imports (any file of it, public or not). */
function moduleGraph(imports: Import[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, target } of imports) {
    const own = moduleOf(from);
    const other = moduleOf(target);
    if (own === undefined || other === undefined || own === other) continue;
    graph.set(own, (graph.get(own) ?? new Set()).add(other));
  }
  return graph;
}

const edgesOf = (graph: Map<string, Set<string>>) =>
  [...graph].flatMap(([from, targets]) => [...targets].map((to) => `${from} -> ${to}`)).sort();

/** Groups of modules that depend on each other, each with the dependencies among them. */
function moduleCycles(graph: Map<string, Set<string>>): string[] {
  return cyclesOf(graph)
    .map((members) => {
      const inside = edgesOf(graph).filter((edge) => edge.split(' -> ').every((m) => members.includes(m)));
      return `${members.join(', ')}: ${inside.join('; ')}`;
    })
    .sort();
}

/** Whether `to` is reachable from `from` in the graph. */
function reaches(graph: Map<string, Set<string>>, from: string, to: string): boolean {
  const seen = new Set([from]);
  const queue = [from];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === to) return true;
    for (const next of graph.get(node) ?? []) if (!seen.has(next) && seen.add(next)) queue.push(next);
  }
  return false;
}

/** Imports of a module from the shared folders below the modules, as `<file> -> <module>/<file>`. */
function upwardImports(imports: Import[]): string[] {
  return imports
    .filter(({ from, target }) => BELOW_MODULES.includes(inSrc(from).split('/')[0] ?? '') && moduleOf(target))
    .map(({ from, target }) => `${inSrc(from)} -> ${inModules(target)}`)
    .sort();
}

const imports = relativeImports(sourceFiles(SRC));
const graph = moduleGraph(imports);
const withoutAllowedEdges = new Map(
  [...graph].map(([from, targets]) => [
    from,
    new Set([...targets].filter((to) => !Object.hasOwn(ALLOWED_CYCLE_EDGES, `${from} -> ${to}`))),
  ]),
);

describe('server module boundaries', () => {
  it('finds the imports of the source tree (the walk is not empty)', () => {
    expect(imports.filter(({ from }) => moduleOf(from) !== undefined).length).toBeGreaterThan(500);
    expect(graph.size).toBeGreaterThan(15);
    expect(moduleOf(path.join(MODULES, 'customers', 'list', 'customer-list.service.ts'))).toBe('customers');
  });

  it("no module imports another module's internal file, only its services", () => {
    const [crossingCount, edgeCount, upwardCount] = [
      ALLOWED_CROSSINGS,
      ALLOWED_CYCLE_EDGES,
      ALLOWED_UPWARD,
    ].map((list) => Object.keys(list).length);
    console.info(
      `module boundaries: ${crossingCount} allow-listed crossings, ${edgeCount} cycle edges, ${upwardCount} upward imports`,
    );
    expect(
      crossings(imports).filter((crossing) => !Object.hasOwn(ALLOWED_CROSSINGS, crossing)),
      "import the other module's *.service.ts (expose what you need there), or move shared code below the modules (decision 033)",
    ).toEqual([]);
  });

  it('no two modules depend on each other, directly or through others', () => {
    expect(
      moduleCycles(withoutAllowedEdges),
      'modules that import each other: move what both need to lib/, or the concept to the module that owns it (decision 033)',
    ).toEqual([]);
  });

  it('db, jobs, mail and lib import no module', () => {
    expect(
      upwardImports(imports).filter((edge) => !Object.hasOwn(ALLOWED_UPWARD, edge)),
      'shared code must not depend on a module (decision 033)',
    ).toEqual([]);
  });

  it('the allow-lists only shrink: every entry still crosses, and says why', () => {
    const current = new Set([...crossings(imports), ...upwardImports(imports)]);
    const gone = [...Object.keys(ALLOWED_CROSSINGS), ...Object.keys(ALLOWED_UPWARD)].filter(
      (entry) => !current.has(entry),
    );
    const noLongerCycles = Object.keys(ALLOWED_CYCLE_EDGES).filter((edge) => {
      const [from = '', to = ''] = edge.split(' -> ');
      return !graph.get(from)?.has(to) || !reaches(graph, to, from);
    });
    const unexplained = Object.entries({ ...ALLOWED_CROSSINGS, ...ALLOWED_CYCLE_EDGES, ...ALLOWED_UPWARD })
      .filter(([, reason]) => reason.trim().length < 10)
      .map(([entry]) => entry);
    expect(
      { gone, noLongerCycles, unexplained },
      'delete the entries that no longer cross; give every entry its reason',
    ).toEqual({ gone: [], noLongerCycles: [], unexplained: [] });
  });
});
