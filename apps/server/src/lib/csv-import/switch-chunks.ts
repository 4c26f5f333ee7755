/**
 * How many rows each short transaction of a save behind the switch takes (SQLite, decisions
 * 098 and 104): each holds the one writer while every other company's writes wait, so it must
 * stay short; but each is also a commit, and at 100 rows the commits were a sixth of an
 * import's time (docs/decisions/111-import-transactions-sized-by-time.md). So the size follows
 * the time the transactions before took: as many rows as fit in `budgetMs` at the rate
 * measured, never fewer than `least`, never more than one feed batch (the caller's batch).
 */
export class SwitchChunks {
  /** Rows per millisecond of the transactions so far (0 before the first). */
  #rate = 0;

  readonly budgetMs: number;
  readonly first: number;
  readonly least: number;

  constructor(budgetMs = SWITCH_BUDGET_MS, first = 100, least = 25) {
    this.budgetMs = budgetMs;
    this.first = first;
    this.least = least;
  }

  /** The next chunk's size: `first` until a transaction was timed. */
  size(): number {
    if (this.#rate === 0) return this.first;
    return Math.max(this.least, Math.floor(this.#rate * this.budgetMs));
  }

  /**
   * `batch` saved in consecutive chunks, each through `save` (a transaction of its own) and
   * timed; `before` runs ahead of each, untimed (the pause that lets other requests in).
   */
  async each<T>(
    batch: readonly T[],
    save: (chunk: T[]) => Promise<void>,
    before: () => void | Promise<void> = () => {},
  ): Promise<void> {
    for (let at = 0; at < batch.length; ) {
      await before();
      const chunk = batch.slice(at, at + this.size());
      const started = performance.now();
      await save(chunk);
      this.observe(chunk.length, performance.now() - started);
      at += chunk.length;
    }
  }

  /**
   * One transaction's rows and time. A slower one counts at once (the machine got busy, or
   * other writes queued ahead); a faster one moves the rate halfway, so one lucky chunk does
   * not double the next.
   */
  observe(rows: number, ms: number): void {
    const rate = rows / Math.max(ms, 0.1);
    this.#rate = this.#rate === 0 || rate < this.#rate ? rate : (this.#rate + rate) / 2;
  }
}

/**
 * A transaction's time behind the switch: well under the 100 ms other companies' writes may
 * wait at most (issue 31), leaving room for a chunk that runs slower than the one before.
 */
export const SWITCH_BUDGET_MS = 30;
