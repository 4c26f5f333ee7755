import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../lib/errors.ts';
import { type CheckSetup, checkRecords } from './customer-import-check.ts';

/**
 * The thread of customer-import-check-thread.ts: asks for the file a chunk at a time (`pull`),
 * answers each batch of checked records as JSON as it is made, then `done`, or `failed` with
 * the error's status, code, message and details.
 */
async function* chunks(): AsyncGenerator<Uint8Array> {
  while (true) {
    const next = await new Promise<{ chunk?: Uint8Array }>((resolve) => {
      parentPort?.once('message', resolve);
      parentPort?.postMessage({ pull: true });
    });
    if (!next.chunk) return;
    yield next.chunk;
  }
}

try {
  for await (const batch of checkRecords(chunks(), workerData as CheckSetup))
    parentPort?.postMessage({ batch: JSON.stringify(batch) });
  parentPort?.postMessage({ done: true });
} catch (err) {
  const failed =
    err instanceof AppError
      ? { status: err.status, code: err.code, message: err.message, details: err.details }
      : { message: err instanceof Error ? err.message : String(err) };
  parentPort?.postMessage({ failed });
}
