import { describe, expect, it } from 'vitest';
import { screenKitName } from './screen-kit.ts';

const app = (file: string) => `/repo/apps/web/src/${file}`;
const GRAPH: Record<string, string[]> = {
  [app('features/crm/components/customer-screen.tsx')]: [
    app('features/crm/api/get-customer.ts'),
    app('features/crm/components/note-form.tsx'),
    '/repo/node_modules/react/index.js',
  ],
  [app('features/crm/api/get-customer.ts')]: [
    '/repo/packages/contract/src/customer-values.ts',
    '/repo/node_modules/@tanstack/react-query/build/index.js',
  ],
  [app('features/crm/components/note-form.tsx')]: ['/repo/packages/contract/src/notes.ts'],
  '/repo/packages/contract/src/notes.ts': ['/repo/node_modules/zod/index.js'],
  [app('features/settings/api/get-settings.ts')]: [],
};
const ctx = {
  getModuleInfo: (id: string) =>
    id in GRAPH || id.includes('node_modules') ? { importedIds: GRAPH[id] ?? [] } : { importedIds: [] },
};

describe('the first screens’ shared chunk', () => {
  const name = screenKitName(
    'kit',
    [app('features/crm/components/customer-screen.tsx')],
    /node_modules[\\/](react|@tanstack)[\\/]/,
  );

  it('takes an app module a first screen reaches that needs no library beyond the allowed ones', () => {
    expect(name(app('features/crm/api/get-customer.ts'), ctx)).toBe('kit');
  });

  it('leaves a module that reaches another library (zod through the contract) to the bundler', () => {
    expect(name(app('features/crm/components/note-form.tsx'), ctx)).toBeNull();
  });

  it('leaves modules no first screen reaches, libraries and the contract itself', () => {
    expect(name(app('features/settings/api/get-settings.ts'), ctx)).toBeNull();
    expect(name('/repo/node_modules/react/index.js', ctx)).toBeNull();
    expect(name('/repo/packages/contract/src/customer-values.ts', ctx)).toBeNull();
  });
});
