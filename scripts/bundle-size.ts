/**
 * Gzipped JavaScript and CSS that the built web app loads for a route, read from
 * Vite's manifest (apps/web/dist/.vite/manifest.json): the entry with its static
 * imports, plus the lazy chunks of the route (layout and screen) with theirs.
 * Chunks that a route only loads on interaction (the account forms' validation,
 * fetched when the form is first focused) are reported apart.
 *
 * `npm run bench` calls printBundleSizes() after `npm run build`; run alone:
 *   node scripts/bundle-size.ts [distDir]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type RouteBundle = {
  route: string;
  /** Gzipped bytes of JavaScript loaded to show the route. */
  jsGzip: number;
  cssGzip: number;
  /** Further gzipped JavaScript loaded when the person first interacts (e.g. focuses a form). */
  onInteractionJsGzip: number;
  /** Target for jsGzip, in bytes. */
  budget: number;
  files: string[];
};

const KB = 1024;

/** The app itself: the entry (src/main.tsx) imports it on every visit, beside the first screen. */
const SHELL = 'src/app/start.tsx';

/** A signed-in screen in the main layout, with nothing loaded on interaction. */
function signedInScreen(route: string, screen: string, budgetKb: number) {
  return {
    route,
    lazy: [SHELL, 'src/app/layout/main-layout.tsx', screen],
    onInteraction: [],
    budget: budgetKb * KB,
  };
}

/** The routes measured: the lazy modules each one renders, and what it loads on interaction. */
export const ROUTES = [
  {
    route: '#/login',
    lazy: [SHELL, 'src/app/layout/account-layout.tsx', 'src/features/auth/components/login-screen.tsx'],
    onInteraction: ['src/features/auth/login-validation.ts'],
    budget: 150 * KB,
  },
  {
    route: '#/company/dashboard',
    lazy: [SHELL, 'src/app/layout/main-layout.tsx', 'src/features/dashboard/components/dashboard-screen.tsx'],
    onInteraction: [],
    budget: 250 * KB,
  },
  // The CRM screens have no target of their own; the budgets only catch a regression.
  {
    route: '#/company/customer/list',
    lazy: [SHELL, 'src/app/layout/main-layout.tsx', 'src/features/crm/components/customer-list-screen.tsx'],
    onInteraction: [],
    budget: 250 * KB,
  },
  {
    route: '#/company/crm',
    lazy: [
      SHELL,
      'src/app/layout/main-layout.tsx',
      'src/features/crm/components/crm-dashboard-screen.tsx',
      'src/features/crm/components/dashboard/crm-charts.tsx',
    ],
    onInteraction: [],
    budget: 350 * KB,
  },
  {
    route: '#/company/calendar',
    lazy: [SHELL, 'src/app/layout/main-layout.tsx', 'src/features/calendar/components/calendar-screen.tsx'],
    onInteraction: [],
    // FullCalendar is most of it; the to-do dialog loads on use (decision 087), and its Temporal
    // polyfill only where the browser has no Temporal of its own (decision 092).
    budget: 247 * KB,
  },
  // The other screens Lighthouse measures (scripts/bench/lighthouse.ts), with budgets that catch a
  // regression: about 10 % above what they load since their dialogs and schemas load on use
  // (docs/decisions/087-phone-pages-load-forms-on-use.md), and the record pages' note form without a
  // form library (docs/decisions/092-first-loads-in-shorter-tasks.md).
  signedInScreen('#/company/customer/:id', 'src/features/crm/components/customer-screen.tsx', 181),
  signedInScreen('#/company/customer/events', 'src/features/crm/components/events-screen.tsx', 165),
  signedInScreen('#/company/social/posts', 'src/features/social/components/social-screen.tsx', 165),
  signedInScreen('#/company/deals', 'src/features/deals/components/deals-board-screen.tsx', 185),
  signedInScreen('#/company/deal/:id', 'src/features/deals/components/deal-screen.tsx', 176),
] as const;

function collect(manifest: Manifest, keys: readonly string[], seen: Set<string>): void {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle-size: ${key} is not in the Vite manifest (is build.manifest on?)`);
    seen.add(key);
    collect(manifest, chunk.imports ?? [], seen);
  }
}

function filesOf(manifest: Manifest, keys: Set<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js, css };
}

export function measureBundles(
  distDir = path.resolve(import.meta.dirname, '../apps/web/dist'),
): RouteBundle[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = gz.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file))).length;
      gz.set(file, size);
    }
    return size;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipped(file), 0);

  // The one stylesheet of the whole app (build.cssCodeSplit off), linked by index.html itself.
  const linked = [
    ...readFileSync(path.join(distDir, 'index.html'), 'utf8').matchAll(
      /<link rel="stylesheet"[^>]* href="\.\/([^"]+)"/g,
    ),
  ].map(([, file]) => file ?? '');
  return ROUTES.map(({ route, lazy, onInteraction, budget }) => {
    const keys = new Set<string>();
    collect(manifest, ['index.html', ...lazy], keys);
    const { js, css } = filesOf(manifest, keys);
    for (const file of linked) css.add(file);
    const later = new Set(keys);
    collect(manifest, onInteraction, later);
    const laterJs = [...filesOf(manifest, later).js].filter((file) => !js.has(file));
    return {
      route,
      jsGzip: sum(js),
      cssGzip: sum(css),
      onInteractionJsGzip: sum(laterJs),
      budget,
      files: [...js, ...css].sort(),
    };
  });
}

export function formatBundles(bundles: RouteBundle[]): string {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  return bundles
    .map((b) => {
      const verdict = b.jsGzip <= b.budget ? 'within' : 'OVER';
      const later = b.onInteractionJsGzip > 0 ? `, +${kb(b.onInteractionJsGzip)} JS on first form focus` : '';
      return `${b.route.padEnd(Math.max(...bundles.map((x) => x.route.length)) + 1)} JS ${kb(b.jsGzip)} gz (${verdict} ${kb(b.budget)}), CSS ${kb(b.cssGzip)} gz, JS+CSS ${kb(b.jsGzip + b.cssGzip)}${later}`;
    })
    .join('\n');
}

/** Called by scripts/bench.ts after `npm run build`. */
export async function printBundleSizes(distDir?: string): Promise<void> {
  const bundles = measureBundles(distDir);
  console.log('\nWeb bundle (gzipped; JS budget per route)');
  console.log(formatBundles(bundles));
  if (bundles.some((b) => b.jsGzip > b.budget)) process.exitCode = 1;
}

if (import.meta.main) await printBundleSizes(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
