import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { OPEN, STARTING, STOPPING } from './wal-checkpointer-state.ts';

/** How often the thread copies committed pages into the database file. */
const CHECKPOINT_EVERY_MS = 50;
/**
 * The writer's own checkpoint, kept only as a fallback should the thread fall behind: SQLite's
 * default is 1,000 pages (4 MB).
 */
const FALLBACK_CHECKPOINT_PAGES = 16_000;
/** How long closing waits for the thread's connection to close first. */
const STOP_WAIT_MS = 1000;
/** The WAL file is cut back to this after a checkpoint that let it start over (64 MB). */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/**
 * SQLite checkpoints its write-ahead log by default in the commit that crosses 1,000 pages:
 * that commit copies the log into the database file, on the one thread every request runs on.
 * An import's commits spent three quarters of their time there (docs/decisions/112-sqlite-checkpoints-on-a-thread.md).
 * So a worker thread with its own connection checkpoints instead, passively, every 50 ms;
 * the writer's commits only append to the log. Answers `stop`, for before the writer closes.
 */
export function startWalCheckpointer(sqlite: DatabaseSync, file: string): { stop(): void } {
  sqlite.exec(`
    PRAGMA wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES};
    PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT};
  `);
  const state = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS, state },
  });
  // Never what keeps the process alive; a failed thread leaves the writer's own checkpoints.
  worker.unref();
  worker.on('error', () => {});
  let running = true;
  worker.once('exit', () => {
    running = false;
  });
  return {
    /**
     * A thread still starting never opens. An open one is waited for (a second at most) until
     * its connection has closed: the writer's, closed next, is then the last, which checkpoints
     * the rest and removes the log.
     */
    stop() {
      if (!running) return;
      running = false;
      if (Atomics.compareExchange(state, 0, STARTING, STOPPING) === STARTING) return;
      worker.postMessage('stop');
      Atomics.wait(state, 0, OPEN, STOP_WAIT_MS);
    },
  };
}
