import { percentiles } from './timing.ts';

/**
 * Another company's writes while an import runs (docs/decisions/098-import-behind-a-switch.md,
 * 104-deal-todo-imports-behind-a-switch.md): a customer created every 20 ms until `stop`, each
 * but the first timed from request to answer. A write the server refused or dropped (its
 * connection reset after the server had stopped answering for minutes) is counted as failed,
 * not timed, and the writer goes on. `stop` answers their p50, p99 and max, how many were timed
 * and how many failed.
 */
export function otherCompanyWrites(url: string, token: string, companyId: number) {
  let writing = true;
  const writes: number[] = [];
  let failed = 0;
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const started = performance.now();
      try {
        const res = await fetch(`${url}/api/companies/${companyId}/customers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ type: 'person', name: `Meanwhile ${i}` }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) failed++;
        // The first loads the route's code (a cold start, seconds under load): not timed.
        else if (i > 0) writes.push(performance.now() - started);
      } catch {
        // Counted even once `stop` has been called: a write held through a stall that ends with
        // the import is reset then. The server is stopped only after `stop` has waited for it.
        failed++;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    /** Stops writing and waits for the write under way. */
    async stop() {
      writing = false;
      await writer;
      return { ...percentiles(writes), count: writes.length, failed };
    },
  };
}

export const writesLine = (w: { p50: number; p99: number; max: number; count: number; failed: number }) =>
  `  other company write p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms, max ${w.max.toFixed(0)} ms over ${w.count} writes${w.failed ? `, ${w.failed} failed` : ''} (target p99 < 100 ms)`;
