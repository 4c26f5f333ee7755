import type { Plugin } from 'vite';
import type { BuiltChunk as Chunk } from './built-chunk.ts';

/**
 * The entry runs only once every chunk it imports statically has arrived; one library among
 * them (React, i18next…) and the first screen's code and translations wait for it again.
 * vite.config.ts keeps the entry's modules in a `boot` chunk of their own; this fails the
 * build when an import added to src/main.tsx (or below it) pulls a library back in.
 */
function refuseLibrariesInEntry(files: Set<string>, byFile: Map<string, Chunk>): void {
  for (const file of files) {
    const library = byFile.get(file)?.moduleIds.find((id) => /[\\/]node_modules[\\/]/.test(id));
    if (library) {
      throw new Error(
        `preload-app-shell: the entry (src/main.tsx) imports ${file}, which holds ${library}; ` +
          'keep the entry free of libraries (docs/decisions/021-lean-css-and-first-paint.md)',
      );
    }
  }
}

/**
 * Adds `<link rel="modulepreload">` to index.html for chunks the entry loads with
 * import() on every visit (the app itself, src/app/start.tsx) and the chunks they import
 * statically (React, the router, i18next…). The browser then fetches them alongside the
 * small entry instead of after it has run. Vite already preloads what the entry imports
 * statically; those are not repeated. The first screen's own chunks depend on the address
 * and the stored session, so the entry asks for those itself (src/app/first-screen.ts).
 */
export function preloadAppShell(modules: string[]): Plugin {
  return {
    name: 'kontora-preload-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (item): item is Chunk & typeof item => item.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (files: string[], seen = new Set<string>()) => {
          for (const file of files) {
            if (seen.has(file)) continue;
            seen.add(file);
            closure(byFile.get(file)?.imports ?? [], seen);
          }
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loadedByEntry = closure(entry ? [entry.fileName] : []);
        refuseLibrariesInEntry(loadedByEntry, byFile);
        const roots = modules.map((module) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preload-app-shell: no chunk for ${module}`);
          return chunk.fileName;
        });
        return [...closure(roots)]
          .filter((file) => !loadedByEntry.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
