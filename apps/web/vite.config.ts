import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenHints } from './build/first-screen-hints.ts';
import { leanBootstrap } from './build/lean-bootstrap.ts';
import { precompress } from './build/precompress.ts';
import { preloadAppShell } from './build/preload-app-shell.ts';
import { screenKitName } from './build/screen-kit.ts';

/**
 * The built app is served by the API server at `/` (WEB_DIST, default apps/web/dist);
 * `public/assets/i18n/<lang>.json` is copied as is and fetched on demand.
 * The manifest lets scripts/bundle-size.ts follow what each route loads.
 * Every text file gets .br and .gz copies (build/precompress.ts) that the server sends as they are.
 */
/**
 * A test for a codeSplitting group: the app's modules listed (paths from apps/web) and the
 * zod-free modules of the shared contract package the group also takes.
 */
function moduleGroup(files: string[], contractModules: string[]): (id: string) => boolean {
  const ids = new Set(files.map((file) => path.resolve(import.meta.dirname, file)));
  const contract = new RegExp(`packages[\\\\/]contract[\\\\/]src[\\\\/](${contractModules.join('|')})\\.ts$`);
  return (id) => ids.has(id) || contract.test(id);
}

/** The modules src/main.tsx imports (directly or not); none of them may import a library. */
const isBootModule = moduleGroup(
  [
    'src/app/first-screen.ts',
    'src/app/screen-modules.ts',
    'src/config/paths.ts',
    'src/lib/early-requests.ts',
    'src/lib/language-detect.ts',
    'src/lib/loaded-modules.ts',
    'src/lib/storage.ts',
    'src/lib/translations-fetch.ts',
    'src/lib/zod-jitless.ts',
  ],
  ['limits'],
);

/**
 * Small modules that app/start.tsx and both layouts import statically, shared by too few chunks for
 * the `shared` group below: without this list each is a chunk (and a request) of its own.
 * Only modules without imports of their own beyond the libraries and `shared`, or the chunk would
 * bring those along (includeDependenciesRecursively).
 */
const isFirstLoadModule = moduleGroup(
  [
    'src/app/layout/footer.tsx',
    'src/app/layout/language-menu.tsx',
    'src/components/error-boundary.tsx',
    'src/components/preferences-form.tsx',
    'src/components/status-pages.tsx',
    'src/features/shared/api/crm-keys.ts',
    'src/features/shared/api/get-api-keys.ts',
    'src/features/shared/api/get-connectors.ts',
    'src/features/shared/api/get-customers.ts',
    'src/features/shared/api/invalidate-team.ts',
    'src/features/shared/api/social-keys.ts',
    'src/features/shared/api/social-media-keys.ts',
    'src/features/shared/api/webhook-keys.ts',
    'src/features/shared/live/live-store.ts',
    'src/lib/api/get-company-modules.ts',
    'src/lib/preferences-dom.ts',
    'src/lib/use-can-manage-company.ts',
    'src/lib/use-media-query.ts',
  ],
  // change-types: the live updates' change kinds (features/shared/live/live-invalidation.ts).
  ['preference-values', 'change-types'],
);

/** React, the router, i18next and TanStack Query with their own dependencies (the `vendor` chunk). */
const VENDOR_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack)[\\/]/;

/** The main layout and the screens a phone must open fast (scripts/bench/lighthouse.ts measures them). */
const FIRST_SCREENS = [
  'src/app/layout/main-layout.tsx',
  'src/features/dashboard/components/dashboard-screen.tsx',
  'src/features/crm/components/customer-list-screen.tsx',
  'src/features/crm/components/customer-screen.tsx',
  'src/features/crm/components/crm-dashboard-screen.tsx',
  'src/features/calendar/components/calendar-screen.tsx',
  'src/features/crm/components/events-screen.tsx',
  'src/features/social/components/social-screen.tsx',
  'src/features/deals/components/deals-board-screen.tsx',
  'src/features/deals/components/deal-screen.tsx',
].map((file) => path.resolve(import.meta.dirname, file));

/** The customer's and the deal's pages, which share their lower cards. */
const RECORD_SCREENS = [
  'src/features/crm/components/customer-screen.tsx',
  'src/features/deals/components/deal-screen.tsx',
].map((file) => path.resolve(import.meta.dirname, file));

export default defineConfig({
  base: './',
  plugins: [
    react(),
    // Only the Bootstrap the screens use: `import 'virtual:bootstrap.css'` in main.tsx.
    leanBootstrap({
      scss: path.resolve(import.meta.dirname, 'src/styles/bootstrap.scss'),
      sources: [path.resolve(import.meta.dirname, 'src'), path.resolve(import.meta.dirname, 'index.html')],
    }),
    // The app the small entry imports on every visit downloads alongside it (src/main.tsx).
    preloadAppShell(['src/app/start.tsx']),
    // The first screen's code and translations asked for by index.html itself (an inline script).
    firstScreenHints({
      screenModules: path.resolve(import.meta.dirname, 'src/app/screen-modules.ts'),
      hintsEntry: path.resolve(import.meta.dirname, 'src/app/first-screen-hints.ts'),
      // The screens Lighthouse measures (decisions 021 and 087) and the layouts every visit loads;
      // their forms' schemas load with the dialog, or when the form is first touched.
      zodFreeScreens: [
        'AccountLayout',
        'MainLayout',
        'LoginScreen',
        'DashboardScreen',
        'CustomerListScreen',
        'CustomerScreen',
        'EventsScreen',
        'CalendarScreen',
        'DealsBoardScreen',
        'DealScreen',
        'SocialScreen',
      ],
    }),
    precompress(),
  ],
  resolve: {
    alias: [
      // FullCalendar's time-zone arithmetic on the browser's own Temporal instead of the polyfill's
      // (src/features/shared/calendar/native-temporal.ts, which loads the polyfill where there is none).
      {
        find: /^temporal-polyfill\/fns\/(Instant|ZonedDateTime|PlainDateTime)$/,
        replacement: path.resolve(import.meta.dirname, 'src/features/shared/calendar/native-temporal.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    // One stylesheet for the whole app (21 KB compressed), linked by index.html: a signed-in first
    // screen asked for three or four (the entry's, the main layout's, the shared chunks', the
    // screen's), each a request on one of a phone's six connections before the first render
    // (docs/decisions/107-phone-first-screens-in-fewer-files.md). Its rules are scoped by class.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Libraries every page needs, in stable chunks that survive app releases in the cache.
        // zod and react-hook-form are left to the screens that use them.
        codeSplitting: {
          groups: [
            // What the small entry (src/main.tsx) runs before anything else: its own chunk of plain
            // modules, so the entry waits for no library before it asks for the first screen's code
            // and translations. Without this group the `shared` group below takes these modules and
            // the entry would wait for React, i18next and TanStack Query to download and run first
            // (docs/decisions/021-lean-css-and-first-paint.md; build/preload-app-shell.ts checks it).
            { name: 'boot', test: isBootModule, priority: 1 },
            // React, the router, i18next and TanStack Query: every screen needs all four before it
            // renders, so they come as one request (on HTTP/1.1 a browser opens six connections to
            // a host, and each further file waits for a free one). Stable across app releases.
            {
              name: 'vendor',
              test: VENDOR_LIBRARIES,
            },
            // The app's own helpers that most screens share (spinner, errors, icons, page header…):
            // one chunk instead of a dozen of a few hundred bytes, each a request of its own.
            {
              name: 'shared',
              test: /apps[\\/]web[\\/]src[\\/](lib|components|config)[\\/]/,
              minShareCount: 4,
            },
            // Small modules that start.tsx and the layouts import, which the `shared` group leaves
            // alone (fewer than four chunks use them): each was a file of a few hundred bytes and a
            // request of its own on every first load. One chunk beside `shared` instead.
            { name: 'first-load', test: isFirstLoadModule },
            // The small modules the phone's first screens share (API calls, query keys, badges…):
            // one chunk instead of a file each (build/screen-kit.ts).
            {
              name: screenKitName('screen-kit', FIRST_SCREENS, VENDOR_LIBRARIES),
              minShareCount: 2,
              maxModuleSize: 4000,
            },
            // The cards the customer's and the deal's pages both draw (e-mails, the timeline…).
            {
              name: screenKitName('record-kit', RECORD_SCREENS, VENDOR_LIBRARIES),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    // ws: the live socket (/api/ws) goes through the same proxy.
    proxy: { '/api': { target: process.env.KONTORA_API_URL ?? 'http://127.0.0.1:3000', ws: true } },
  },
});
