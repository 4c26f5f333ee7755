import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once.ts';

/**
 * A react-hook-form resolver whose schema code loads on first use. The account
 * screens validate with the shared zod schemas, and zod is a quarter of what
 * `#/login` would otherwise download before it can paint; `preload` starts the
 * download as soon as the person touches the form.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): { resolver: Resolver<T>; preload: () => void } {
  const get = loadOnce(load);
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => {}),
  };
}
