import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The WAL checkpoints of an SQLite database, on a thread of their own (wal-checkpointer.ts):
 * every `everyMs` a passive checkpoint copies what was committed since into the database file.
 * Passive: it never waits for, nor holds up, the writer on the main thread.
 */
const { file, everyMs, closed } = workerData as { file: string; everyMs: number; closed: Int32Array };
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
  // The writer waits for this before it closes, so that it is the last connection out.
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  parentPort?.close();
});
