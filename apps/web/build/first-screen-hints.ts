import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import type { BuiltChunk as Chunk } from './built-chunk.ts';

export type ScreenFiles = Record<string, { scripts: string[]; styles: string[] }>;

/** `Name: () => import('./file.tsx')` pairs of src/app/screen-modules.ts, the module paths absolute. */
export function screenModulePaths(file: string): Map<string, string> {
  const source = readFileSync(file, 'utf8');
  const found = new Map<string, string>();
  for (const [, name, relative] of source.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)) {
    if (name && relative) found.set(name, path.resolve(path.dirname(file), relative));
  }
  return found;
}

/**
 * Each screen's files as the built app loads them: its chunk, the chunks that chunk imports
 * statically, and their stylesheets, less what index.html already asks for (the entry's
 * chunks and the app shell's preloads).
 */
export function screenFiles(
  screens: Map<string, string>,
  chunks: Chunk[],
  alreadyAsked: Set<string>,
): ScreenFiles {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const result: ScreenFiles = {};
  for (const [name, module] of screens) {
    const root = chunks.find((chunk) => chunk.facadeModuleId === module);
    if (!root) throw new Error(`first-screen-hints: no chunk for ${name} (${module})`);
    const scripts: string[] = [];
    const styles = new Set<string>();
    const visit = (file: string) => {
      if (scripts.includes(file) || alreadyAsked.has(file)) return;
      scripts.push(file);
      const chunk = byFile.get(file);
      for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.add(css);
      for (const imported of chunk?.imports ?? []) visit(imported);
    };
    visit(root.fileName);
    result[name] = { scripts, styles: [...styles].filter((file) => !alreadyAsked.has(file)) };
  }
  return result;
}

/**
 * Fails the build when a first screen that must load without zod (its schemas are about
 * 23 KB compressed) brings it in: an import of a contract module that uses zod, anywhere
 * below the layout or the screen, is enough (decision 021).
 */
export function refuseZod(files: ScreenFiles, screens: string[], chunks: Chunk[]): void {
  for (const screen of screens) {
    for (const file of files[screen]?.scripts ?? []) {
      const zod = chunks
        .find((chunk) => chunk.fileName === file)
        ?.moduleIds.find((id) => /[\\/]zod[\\/]/.test(id));
      if (zod) {
        throw new Error(
          `first-screen-hints: ${screen} loads ${file}, which holds ${zod}; the first screens stay free of zod ` +
            '(docs/decisions/021-lean-css-and-first-paint.md)',
        );
      }
    }
  }
}

/** Bundles src/app/first-screen-hints.ts into one small script with the screens' files written in. */
async function hintsScript(entry: string, files: ScreenFiles): Promise<string> {
  const bundle = await rolldown({
    input: entry,
    transform: { define: { FIRST_SCREEN_FILES: JSON.stringify(files) } },
    logLevel: 'warn',
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    const code = output[0].code.trim();
    // Written inside <script>…</script>: a closing tag in a file name would end the script early.
    if (code.includes('</')) throw new Error('first-screen-hints: the script contains "</"');
    return code;
  } finally {
    await bundle.close();
  }
}

/**
 * The `<link rel="modulepreload">` of the largest chunk index.html preloads (the libraries):
 * the download that ends last. Asked for first, it takes the document's warm connection
 * instead of queueing behind the small files for one of the six a browser opens to a host.
 */
export function largestPreload(html: string, chunks: Chunk[]): string | undefined {
  const size = (file: string) => chunks.find((chunk) => chunk.fileName === file)?.code.length ?? 0;
  // With its indentation and line end, so that taking it out leaves no blank line.
  const preloads = [...html.matchAll(/[ \t]*<link rel="modulepreload" crossorigin href="\.\/([^"]+)">\n?/g)];
  preloads.sort((a, b) => size(b[1] ?? '') - size(a[1] ?? ''));
  return preloads[0]?.[0];
}

/**
 * Writes an inline script into index.html that asks for the first screen's code and the
 * translations while the document is being read, instead of after the entry and its `boot`
 * chunk have downloaded and run: on a phone network that second wave of requests came one
 * round trip and a script evaluation later (docs/decisions/036-document-asks-for-first-screen.md).
 * It goes before the stylesheet, so it does not wait for it (a script does wait for the
 * stylesheets above it), after the libraries' preload (largestPreload). The server allows it in its CSP by its hash
 * (apps/server/src/plugins/security-headers.ts reads index.html).
 */
export function firstScreenHints(options: {
  screenModules: string;
  hintsEntry: string;
  /** Screens whose first load must not include zod (refuseZod). */
  zodFreeScreens: string[];
}): Plugin {
  return {
    name: 'kontora-first-screen-hints',
    apply: 'build',
    transformIndexHtml: {
      // After preload-app-shell, whose preloads are then in the page and not asked for twice.
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (item): item is Chunk & typeof item => item.type === 'chunk',
        );
        const alreadyAsked = new Set(
          [...html.matchAll(/(?:href|src)="\.\/([^"]+)"/g)].map(([, file]) => file ?? ''),
        );
        const files = screenFiles(screenModulePaths(options.screenModules), chunks, alreadyAsked);
        // The app shell's own chunks too: index.html asks for them on every first load.
        refuseZod(
          { ...files, shell: { scripts: [...alreadyAsked], styles: [] } },
          [...options.zodFreeScreens, 'shell'],
          chunks,
        );
        const script = `<script>${await hintsScript(options.hintsEntry, files)}</script>\n    `;
        const largest = largestPreload(html, chunks);
        const rest = largest ? html.replace(largest, '') : html;
        const at = rest.search(/<script type="module"|<link rel="stylesheet"/);
        if (at < 0) throw new Error('first-screen-hints: index.html has no entry script or stylesheet');
        const first = largest ? `${largest.trim()}\n    ` : '';
        return rest.slice(0, at) + first + script + rest.slice(at);
      },
    },
  };
}
