/**
 * The server's CSP has no 'unsafe-eval'. Without this, zod probes `new Function` when it
 * builds an object schema; the probe's failure is caught, but the browser still reports
 * a CSP violation (a DevTools issue, and a Lighthouse best-practices finding). Parsing
 * is the same, only without zod's compiled fast path.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by every copy
 * of it) and adopts an object that is already there. Setting it here, rather than
 * calling zod's `config()`, keeps zod out of the entry chunk: it still loads only with
 * the screens that use it. Imported first by main.tsx; zod-jitless.unit.test.ts checks
 * that zod honours it.
 */
export function makeZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
}

makeZodJitless();
