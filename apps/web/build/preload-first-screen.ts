import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
};

/**
 * Adds `<link rel="modulepreload">` to index.html for the lazy chunks of the screen a new
 * visitor sees first (the login screen), with the chunks they import statically. The
 * browser then fetches them alongside the entry instead of after it has run, which takes
 * a round trip and the entry's run time off the first paint on a slow network. Vite
 * already preloads what the entry imports statically; those are not repeated. A signed-in
 * visitor's screens are not preloaded: which one comes first is only known to the script.
 */
export function preloadFirstScreen(modules: string[]): Plugin {
  return {
    name: 'kontora-preload-first-screen',
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
          if (!chunk) throw new Error(`preload-first-screen: no chunk for ${module}`);
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
