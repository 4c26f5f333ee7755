import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
};

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
