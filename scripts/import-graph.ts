/**
 * What the boundary tests of the web (apps/web/src/feature-boundaries.unit.test.ts) and the
 * server (apps/server/src/module-boundaries.unit.test.ts) share: reading a file's imports
 * without a TypeScript parser, and finding the cycles of an import graph.
 */

/** Comments are blanked first so that an import quoted in a comment does not count. */
function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, // import x from '…', export { x } from '…'
  /\bimport\s*['"]([^'"]+)['"]/g, // import '…' (side effect, e.g. CSS)
  /\bimport\s*\(\s*['"`]([^'"`$]+)['"`]\s*\)/g, // import('…'), also with a plain template literal
];

/** Every import specifier of a source: static, type-only, re-export, side-effect and dynamic `import()`. */
export function importSpecifiers(source: string): string[] {
  const code = stripComments(source);
  return IMPORT_PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** Strongly connected components with more than one node (Tarjan): the cycles of the graph. */
export function cyclesOf(edges: ReadonlyMap<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
