import { describe, expect, it } from 'vitest';
import { cyclesOf, importSpecifiers } from './import-graph.ts';

describe('import graph', () => {
  it('reads static, type, re-export, side-effect and dynamic imports, but not commented ones', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      'import {\n  c,\n  d,\n} from "./cd.ts";',
      "export { e } from './e.ts';",
      "export * from './e2.ts';",
      "import './f.css';",
      "const g = () => import('./g.tsx');",
      'const g2 = () => import(`./g2.tsx`);',
      "// import { h } from './h.ts';",
      "/* import('./i.ts') */",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      ['./a.ts', '../b.ts', './cd.ts', './e.ts', './e2.ts', './f.css', './g.tsx', './g2.tsx'].sort(),
    );
  });

  it('finds each cycle, of any length, once, and no cycle in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['a']],
    ]);
    expect(cyclesOf(graph).sort()).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
        ]),
      ),
    ).toEqual([]);
  });
});
