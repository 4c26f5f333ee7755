import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { CLOSED, OPEN, STARTING } from './wal-checkpointer-state.ts';

/**
 * The WAL checkpoints of an SQLite database, on a thread of their own (wal-checkpointer.ts):
 * every `everyMs` a passive checkpoint copies what was committed since into the database file.
 * Passive: it never waits for, nor holds up, the writer on the main thread.
 */
const { file, everyMs, state } = workerData as { file: string; everyMs: number; state: Int32Array };
// The writer closed before this thread started: nothing to open (the file may be gone).
if (Atomics.compareExchange(state, 0, STARTING, OPEN) !== STARTING) process.exit(0);
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch {
    // Busy (another checkpoint under way) or the file going away as the app closes: next turn.
  }
}, everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  Atomics.store(state, 0, CLOSED);
  Atomics.notify(state, 0);
  parentPort?.close();
});
