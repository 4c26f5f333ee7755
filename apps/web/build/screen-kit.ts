/**
 * The small modules of the app that the phone's first screens share, as one chunk.
 * Left to the bundler, each module that two or more chunks import (an API call, a query key, a
 * badge) is a chunk of its own: a customer's page asked for 42 files of which 30 held under 1 KB
 * each, and Lighthouse's mobile model (six connections per host, 150 ms round trips) gave each
 * file a round trip while the page waited for all of them before its first render
 * (docs/decisions/107-phone-first-screens-in-fewer-files.md).
 */
type ModuleInfo = { importedIds: readonly string[] } | null;
type InfoOf = (id: string) => ModuleInfo;

const APP_OR_CONTRACT = /(apps[\\/]web[\\/]src|packages[\\/]contract[\\/]src)[\\/]/;
const APP_MODULE = /apps[\\/]web[\\/]src[\\/](features|components|lib)[\\/]/;

/**
 * A `codeSplitting` group's name function: `name` for a module of the app that one of `roots`
 * (the first screens' files) reaches by static imports, and that reaches no library beyond
 * `libraries` (the `vendor` chunk's), so the shared chunk brings neither zod nor a screen's
 * heavy library (FullCalendar, chart.js, dnd-kit) to the screens that do not need it.
 */
export function screenKitName(
  name: string,
  roots: string[],
  libraries: RegExp,
): (id: string, ctx: { getModuleInfo(id: string): ModuleInfo }) => string | null {
  let reached: Set<string> | undefined;
  const plain = new Map<string, boolean>();
  // Whether a module and everything it imports stays within the app, the contract and `libraries`.
  const reachesOnlyLibraries = (id: string, info: InfoOf, path: Set<string>): boolean => {
    const known = plain.get(id);
    if (known !== undefined) return known;
    if (libraries.test(id) || id.startsWith('\0') || path.has(id)) return true;
    if (!APP_OR_CONTRACT.test(id)) return false;
    path.add(id);
    const ok = (info(id)?.importedIds ?? []).every((dep) => reachesOnlyLibraries(dep, info, path));
    path.delete(id);
    plain.set(id, ok);
    return ok;
  };
  return (id, ctx) => {
    const info: InfoOf = (module) => ctx.getModuleInfo(module);
    reached ??= staticallyReached(roots, info);
    if (!APP_MODULE.test(id) || !reached.has(id)) return null;
    return reachesOnlyLibraries(id, info, new Set()) ? name : null;
  };
}

function staticallyReached(roots: string[], info: InfoOf): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || !APP_OR_CONTRACT.test(id)) continue;
    seen.add(id);
    queue.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}
