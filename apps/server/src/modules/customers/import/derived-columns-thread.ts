import { Worker } from 'node:worker_threads';
import type { DerivedColumns } from '../customer-derived-columns.ts';
import type { EditableCustomer } from '../customer-dto.ts';

/**
 * Makes customers' derived columns (sort name, search words, match keys) on a thread of its
 * own, so an import's next batch gets them while the one writer saves this one
 * (docs/decisions/121-import-derived-columns-on-a-thread.md). Undefined answers: the thread
 * failed, and the caller makes the columns itself.
 */
export class DerivedColumnsThread {
  readonly #worker = new Worker(new URL('./derived-columns-worker.ts', import.meta.url));
  readonly #waiting = new Map<number, (columns: DerivedColumns[] | undefined) => void>();
  #next = 0;
  /** Failed, or closed: nothing more is asked of the thread. */
  #failed = false;

  constructor() {
    // Never what keeps the process alive: an answer waited for is the import's own work.
    this.#worker.unref();
    this.#worker.on('message', ({ id, columns }: { id: number; columns: DerivedColumns[] }) => {
      this.#waiting.get(id)?.(columns);
      this.#waiting.delete(id);
    });
    const fail = () => {
      this.#failed = true;
      for (const answer of this.#waiting.values()) answer(undefined);
      this.#waiting.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', fail);
  }

  derive(customers: readonly EditableCustomer[]): Promise<DerivedColumns[] | undefined> {
    if (this.#failed) return Promise.resolve(undefined);
    const id = this.#next++;
    return new Promise((answer) => {
      this.#waiting.set(id, answer);
      this.#worker.postMessage({ id, customers });
    });
  }

  async close(): Promise<void> {
    this.#failed = true;
    await this.#worker.terminate();
  }
}
