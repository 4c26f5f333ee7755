import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not hold up the answer (sending mail, for one: a reset request
 * answers at once whether or not the account exists, so the timing reveals nothing).
 * In-process for now; `drain()` lets tests and shutdown wait for what is pending.
 */
export interface Jobs {
  enqueue(name: string, work: () => Promise<void>): void;
  drain(): Promise<void>;
}

export function createInProcessJobs(log: FastifyBaseLogger): Jobs {
  const pending = new Set<Promise<void>>();
  return {
    enqueue(name, work) {
      const run = (async () => {
        await new Promise((r) => setImmediate(r));
        try {
          await work();
        } catch (err) {
          log.error({ err, job: name }, 'background job failed');
        }
      })();
      pending.add(run);
      run.finally(() => pending.delete(run));
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
