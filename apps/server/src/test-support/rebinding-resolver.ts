import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';

type LookupCallback = (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A hosts override for one name, for DNS-rebinding tests: `node:dns` (the
 * callback `lookup` every socket uses and the promise one) answers `host` with
 * the addresses `answer` gives for the n-th lookup of it (1-based); every other
 * name resolves as before. Installed for the whole process until `restore()`.
 */
export function overrideHost(host: string, answer: (n: number) => string) {
  const original = { lookup: dns.lookup, promised: dns.promises.lookup };
  let lookups = 0;
  const resolve = (): dns.LookupAddress => {
    lookups += 1;
    const address = answer(lookups);
    return { address, family: address.includes(':') ? 6 : 4 };
  };
  const lookup = (name: string, options: unknown, callback?: LookupCallback) => {
    const done = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = (typeof options === 'object' && options ? options : {}) as dns.LookupOptions;
    if (name.toLowerCase() !== host)
      return (original.lookup as (...a: unknown[]) => void)(name, options, callback);
    const found = resolve();
    process.nextTick(() => (opts.all ? done(null, [found]) : done(null, found.address, found.family)));
  };
  const promised = async (name: string, options?: dns.LookupOptions) => {
    if (name.toLowerCase() !== host) return original.promised(name, options ?? {});
    const found = resolve();
    return options?.all ? [found] : found;
  };
  Object.assign(dns, { lookup });
  Object.assign(dns.promises, { lookup: promised });
  // `import { lookup } from 'node:dns/promises'` bindings follow the patched module.
  syncBuiltinESMExports();
  return {
    get lookups() {
      return lookups;
    },
    reset(next: (n: number) => string) {
      lookups = 0;
      answer = next;
    },
    restore() {
      Object.assign(dns, { lookup: original.lookup });
      Object.assign(dns.promises, { lookup: original.promised });
      syncBuiltinESMExports();
    },
  };
}
