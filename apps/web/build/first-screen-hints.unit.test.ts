import { existsSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { screenModules } from '../src/app/screen-modules.ts';
import {
  firstScreenHints,
  largestPreload,
  refuseZod,
  screenFiles,
  screenModulePaths,
} from './first-screen-hints.ts';

const src = path.resolve(import.meta.dirname, '../src');
const SCREEN_MODULES = path.join(src, 'app/screen-modules.ts');
const HINTS_ENTRY = path.join(src, 'app/first-screen-hints.ts');

type TestChunk = Parameters<typeof screenFiles>[1][number];
const chunk = (fileName: string, over: Partial<TestChunk> = {}): TestChunk => ({
  type: 'chunk',
  fileName,
  facadeModuleId: null,
  imports: [],
  isEntry: false,
  moduleIds: [],
  code: '',
  ...over,
});

describe('the first screen hints of index.html', () => {
  it('knows the module of every screen of app/screen-modules.ts', () => {
    const found = screenModulePaths(SCREEN_MODULES);
    expect([...found.keys()].sort()).toEqual(Object.keys(screenModules).sort());
    for (const file of found.values()) expect(existsSync(file), file).toBe(true);
  });

  it("lists a screen's chunk, what it imports and their stylesheets, less what the page already asks for", () => {
    const screens = new Map([['LoginScreen', '/src/login.tsx']]);
    const chunks = [
      chunk('assets/login.js', {
        facadeModuleId: '/src/login.tsx',
        imports: ['assets/form.js', 'assets/vendor.js'],
      }),
      chunk('assets/form.js', {
        imports: ['assets/vendor.js', 'assets/login.js'],
        viteMetadata: { importedCss: new Set(['assets/form.css', 'assets/index.css']) },
      }),
      chunk('assets/vendor.js'),
    ];
    const asked = new Set(['assets/vendor.js', 'assets/index.css']);
    expect(screenFiles(screens, chunks, asked)).toEqual({
      LoginScreen: { scripts: ['assets/login.js', 'assets/form.js'], styles: ['assets/form.css'] },
    });
    expect(() => screenFiles(new Map([['Gone', '/src/gone.tsx']]), chunks, asked)).toThrow(
      /no chunk for Gone/,
    );
  });

  it('fails the build when a screen that must stay light loads zod', () => {
    const chunks = [
      chunk('assets/login.js', { moduleIds: ['/src/login.tsx'] }),
      chunk('assets/schemas.js', { moduleIds: ['/node_modules/zod/v4/core/schemas.js'] }),
    ];
    const files = {
      LoginScreen: { scripts: ['assets/login.js'], styles: [] },
      ProfileScreen: { scripts: ['assets/schemas.js'], styles: [] },
    };
    expect(() => refuseZod(files, ['LoginScreen'], chunks)).not.toThrow();
    expect(() => refuseZod(files, ['LoginScreen', 'ProfileScreen'], chunks)).toThrow(
      /ProfileScreen loads assets\/schemas.js, which holds \/node_modules\/zod/,
    );
  });

  it('puts the largest preloaded chunk first', () => {
    const html = [
      '<link rel="modulepreload" crossorigin href="./assets/boot.js">',
      '<link rel="modulepreload" crossorigin href="./assets/vendor.js">',
    ].join('\n');
    const chunks = [
      chunk('assets/boot.js', { code: 'x'.repeat(10) }),
      chunk('assets/vendor.js', { code: 'x'.repeat(99) }),
    ];
    expect(largestPreload(html, chunks)).toBe(
      '<link rel="modulepreload" crossorigin href="./assets/vendor.js">',
    );
  });

  it('writes a script that asks for the translations and the login screen of a signed-out visit', async () => {
    const modules = screenModulePaths(SCREEN_MODULES);
    const bundle = Object.fromEntries(
      [...modules].map(([name, module]) => [name, chunk(`assets/${name}.js`, { facadeModuleId: module })]),
    );
    bundle.vendor = chunk('assets/vendor.js', { code: 'x'.repeat(1000) });
    const html = [
      '<head><title>Kontora</title>',
      '<script type="module" crossorigin src="./assets/index.js"></script>',
      '<link rel="stylesheet" crossorigin href="./assets/index.css">',
      '<link rel="modulepreload" crossorigin href="./assets/vendor.js">',
      '</head>',
    ].join('\n');
    const plugin = firstScreenHints({
      screenModules: SCREEN_MODULES,
      hintsEntry: HINTS_ENTRY,
      zodFreeScreens: ['LoginScreen'],
    });
    const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: object) => Promise<string> };
    const out = await hook.handler(html, { bundle });

    // Libraries first, then the script, then the entry and the stylesheet it must not wait for.
    const order = ['vendor.js', '<script>', 'index.js', 'index.css'].map((part) => out.indexOf(part));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const script = /<script>([\s\S]*?)<\/script>/.exec(out)?.[1] ?? '';

    const links: Record<string, string>[] = [];
    const document = {
      cookie: '',
      createElement: () => ({}) as Record<string, string>,
      head: { append: (link: Record<string, string>) => links.push({ ...link }) },
    };
    const run = (hash: string, storage: Record<string, string>) => {
      links.length = 0;
      runInNewContext(script, {
        document,
        location: { hash },
        navigator: { languages: ['de-AT'] },
        localStorage: { getItem: (key: string) => storage[key] ?? null },
      });
      return links.map(
        (link) => `${link.rel} ${link.href}${link.as ? ` ${link.as}` : ''} ${link.crossOrigin}`,
      );
    };
    expect(run('#/company/dashboard', {})).toEqual([
      'preload ./assets/i18n/de.json fetch anonymous',
      'modulepreload ./assets/AccountLayout.js anonymous',
      'modulepreload ./assets/LoginScreen.js anonymous',
    ]);
    const signedIn = { currentLeadUser: JSON.stringify({ token: 't', email: 'ana@example.com' }) };
    expect(run('#/company/customer/list?q=x', signedIn)).toEqual([
      'preload ./assets/i18n/de.json fetch anonymous',
      'modulepreload ./assets/MainLayout.js anonymous',
      'modulepreload ./assets/CustomerListScreen.js anonymous',
    ]);
  });
});
