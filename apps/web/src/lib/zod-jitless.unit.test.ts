import { expect, it } from 'vitest';

it('zod, loaded after it, runs without compiling code (no eval under the CSP)', async () => {
  await import('./zod-jitless.ts');
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  // Object schemas are where zod would otherwise compile a parser with new Function.
  const original = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      compiled++;
      return Reflect.construct(target, args);
    },
  });
  try {
    const schema = z.object({ name: z.string(), age: z.number() });
    expect(schema.parse({ name: 'Ana', age: 30 })).toEqual({ name: 'Ana', age: 30 });
    expect(schema.safeParse({ name: 'Ana' }).success).toBe(false);
  } finally {
    globalThis.Function = original;
  }
  expect(compiled).toBe(0);
});
