import { percentiles } from './timing.ts';

/**
 * Another company's writes while an import runs (docs/decisions/098-import-behind-a-switch.md,
 * 104-deal-todo-imports-behind-a-switch.md): a customer created every 20 ms until `stop`, each
 * but the first timed from request to answer. `stop` answers their p50, p99 and max and how many there were.
 */
export function otherCompanyWrites(url: string, token: string, companyId: number) {
  let writing = true;
  const writes: number[] = [];
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/api/companies/${companyId}/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'person', name: `Meanwhile ${i}` }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`another company's write answered ${res.status}`);
      // The first loads the route's code (a cold start, seconds under load): not timed.
      if (i > 0) writes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  // A writer left running against a stopped server fails with ECONNREFUSED: taken by `stop`.
  writer.catch(() => {});
  return {
    /** Stops writing; `settled`: the writer's failure is not thrown (the import's own comes first). */
    async stop(settled = false) {
      writing = false;
      if (settled) await writer.catch(() => {});
      else await writer;
      return { ...percentiles(writes), count: writes.length };
    },
  };
}

export const writesLine = (w: { p50: number; p99: number; max: number; count: number }) =>
  `  other company write p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms, max ${w.max.toFixed(0)} ms over ${w.count} writes (target p99 < 100 ms)`;
