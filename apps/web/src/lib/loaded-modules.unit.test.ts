import { expect, it } from 'vitest';
import { loadedModule, loadModule } from './loaded-modules.ts';

it('knows a module once its import has arrived, by the import function that asked for it', async () => {
  const module = { Screen: 'screen' };
  const importer = () => Promise.resolve(module);
  const other = () => Promise.resolve({ Screen: 'other' });
  const pending = loadModule(importer);
  expect(loadedModule(importer)).toBeUndefined();
  expect(await pending).toBe(module);
  expect(loadedModule(importer)).toBe(module);
  expect(loadedModule(other)).toBeUndefined();
});

it('remembers nothing of a failed import', async () => {
  const importer = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  await expect(loadModule(importer)).rejects.toThrow(TypeError);
  expect(loadedModule(importer)).toBeUndefined();
});
