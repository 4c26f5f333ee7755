import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { compile } from 'sass';
import type { Plugin } from 'vite';

/**
 * `import 'virtual:bootstrap.css'` gives the Bootstrap the app uses: the parts listed in
 * src/styles/bootstrap.scss, compiled from Bootstrap's Sass sources, minus every rule
 * whose selectors all need a class that no source file mentions (the app has no
 * Bootstrap JavaScript, so a class Bootstrap's CSS styles appears only when our code
 * writes it). The app's own stylesheets are not touched.
 *
 * Which classes count as used, generously (a kept rule costs bytes; a dropped one
 * breaks a screen):
 * - every word of every source file under src/ and of index.html, so a class in a
 *   string, a template, a condition or a comment is kept;
 * - a template such as `alert-${kind}` keeps every class that starts with `alert-`.
 * Selectors are judged by their own classes only: a class inside :not(), :is() or
 * :where() never removes a rule.
 */
const VIRTUAL_ID = 'virtual:bootstrap.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type UsedClasses = { words: Set<string>; prefixes: string[] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|html)$/.test(f))
    .map((f) => path.join(dir, f));
}

export function collectUsedClasses(files: string[]): UsedClasses {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [word] of text.matchAll(/[A-Za-z0-9_-]+/g)) words.add(word);
    for (const [, prefix] of text.matchAll(/([A-Za-z0-9_-]+-)\$\{/g)) if (prefix) prefixes.add(prefix);
  }
  return { words, prefixes: [...prefixes] };
}

function isUsed(name: string, used: UsedClasses): boolean {
  return used.words.has(name) || used.prefixes.some((prefix) => name.startsWith(prefix));
}

/** The classes a selector itself needs: not those inside :not(), :is(), :where(), :has() or [attributes]. */
export function classesOf(selector: string): string[] {
  let own = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const rest = selector.slice(i);
    const pseudo = depth === 0 ? /^:(?:not|is|where|has)\(/.exec(rest) : null;
    if (pseudo) {
      depth = 1;
      i += pseudo[0].length - 1;
      continue;
    }
    const char = selector[i] ?? '';
    if (depth > 0) {
      if (char === '(') depth++;
      else if (char === ')') depth--;
      continue;
    }
    own += char;
  }
  own = own.replace(/\[[^\]]*\]/g, '');
  return [...own.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '');
}

/** Drops the selectors of a list that need an unused class; a rule goes when none is left. */
export function dropUnusedRules(css: string, used: UsedClasses): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframe steps (from, 50%) have no classes and stay.
    const kept = rule.selectors.filter((selector) => classesOf(selector).every((name) => isUsed(name, used)));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // A media query whose rules all went.
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

export function leanBootstrap(options: { scss: string; sources: string[] }): Plugin {
  return {
    name: 'kontora-lean-bootstrap',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const compiled = compile(options.scss, {
        loadPaths: [path.resolve(import.meta.dirname, '../../../node_modules')],
        style: 'expanded',
        // Bootstrap 5.3 still uses @import and global functions; those warnings are its own.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'mixed-decls'],
      });
      const files = options.sources.flatMap((source) =>
        source.endsWith('.html') ? [source] : sourceFiles(source),
      );
      for (const file of [options.scss, ...files]) this.addWatchFile(file);
      return dropUnusedRules(compiled.css, collectUsedClasses(files));
    },
  };
}
