import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@kontora/contract/errors';
import { AppError } from '../../../lib/errors.ts';
import { type CheckedBatch, type CheckSetup, checkRecords } from './customer-import-check.ts';

/**
 * A file larger than this is checked on a thread of its own (a thread takes tens of milliseconds
 * to start; a smaller file is checked sooner where it arrives): about 1,700 rows of 12 columns.
 */
export const CHECK_THREAD_FROM_BYTES = 256 * 1024;

/** Batches the thread may check ahead of the one taken: the file is read no faster than it is saved. */
const AHEAD = 4;

/** The file read ahead of the thread, at most: about 7,000 rows of 12 columns. */
const READ_AHEAD_BYTES = 1024 * 1024;

/**
 * The file's records checked, in batches (docs/decisions/122-import-checked-beside-the-save.md).
 * The file's start is read first: a file that ends within CHECK_THREAD_FROM_BYTES is checked here;
 * a larger one on a thread, so the one writer's thread only saves what it is handed.
 */
export async function* checkedBatches(
  file: AsyncIterable<Uint8Array>,
  setup: CheckSetup,
): AsyncGenerator<CheckedBatch> {
  const source = file[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < CHECK_THREAD_FROM_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.byteLength;
  }
  const whole = fileFrom(head, ended ? undefined : source);
  if (ended) yield* checkRecords(whole, setup);
  else yield* checkOnThread(whole[Symbol.asyncIterator](), setup);
}

/** The chunks already read, then the rest of the file. */
async function* fileFrom(head: Uint8Array[], rest: AsyncIterator<Uint8Array> | undefined) {
  yield* head;
  if (!rest) return;
  while (true) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

type FromThread =
  | { pull: true }
  /**
   * A checked batch as JSON: the writer's thread parses it in a third of the time it takes to
   * receive the same batch as a structured clone of its many small values.
   */
  | { batch: string }
  | { done: true }
  | { failed: { status?: number; code?: ErrorCode; message: string; details?: Record<string, string[]> } };

async function* checkOnThread(
  file: AsyncIterator<Uint8Array>,
  setup: CheckSetup,
): AsyncGenerator<CheckedBatch> {
  const worker = new Worker(new URL('./customer-import-check-worker.ts', import.meta.url), {
    workerData: setup,
    // A smaller young generation than the default: the thread's garbage is short-lived, and
    // the server's memory stays flat during a large import (issue 31: 250 MB above idle).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const ready: string[] = [];
  let done = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const fail = (err: unknown) => {
    failure ??= err;
    notify();
  };
  // The file is read ahead of the thread's asks, up to READ_AHEAD_BYTES, and an ask takes all
  // that was read. Answering one chunk an ask, as the file came, held the thread to one chunk
  // each time this thread's event loop turned: between the save's transactions.
  const read: Uint8Array[] = [];
  let readBytes = 0;
  let ended = false;
  let asked = false;
  let reading = false;
  // Nothing is handed over while AHEAD batches wait: the file is read no faster than it is saved.
  const handOver = () => {
    if (!asked || ready.length >= AHEAD || (read.length === 0 && !ended)) return;
    asked = false;
    if (read.length === 0) {
      worker.postMessage({});
      return;
    }
    const chunk = read.length === 1 ? read[0] : Buffer.concat(read);
    read.length = 0;
    readBytes = 0;
    worker.postMessage({ chunk });
  };
  const readAhead = async () => {
    if (reading) return;
    reading = true;
    try {
      while (!ended && readBytes < READ_AHEAD_BYTES && ready.length < AHEAD) {
        const next = await file.next();
        if (next.done) ended = true;
        else {
          read.push(next.value);
          readBytes += next.value.byteLength;
        }
        handOver();
      }
    } catch (err) {
      fail(err);
    } finally {
      reading = false;
    }
  };
  // What the thread was given is read again behind it (`readAhead` returns at once while reading).
  const feed = () => {
    handOver();
    void readAhead();
  };
  worker.on('message', (message: FromThread) => {
    if ('pull' in message) {
      asked = true;
      feed();
    } else if ('batch' in message) {
      ready.push(message.batch);
      notify();
    } else if ('done' in message) {
      done = true;
      notify();
    } else {
      const { status, code, message: text, details } = message.failed;
      fail(status && code ? new AppError(status, code, text, details ? { details } : {}) : new Error(text));
    }
  });
  worker.on('error', fail);
  worker.on('exit', () => {
    if (!done) fail(new Error('the import check thread stopped'));
  });
  try {
    while (true) {
      // A failure of the file (too large, cut off) or of the check ends the import at once.
      if (failure) throw failure;
      const batch = ready.shift();
      if (batch) {
        feed();
        yield JSON.parse(batch) as CheckedBatch;
      } else if (done) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    await worker.terminate();
  }
}
