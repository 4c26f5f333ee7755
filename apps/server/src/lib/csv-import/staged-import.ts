import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { AppError } from '../errors.ts';
import { dropStaging, openStaging, STAGE_BATCH, stageRows, touchImport } from './import-staging.ts';

/**
 * The steps every staged import takes (docs/decisions/068-staged-imports.md, extended to deals
 * by docs/decisions/085-import-progress.md), whatever its rows: a staging area of its own,
 * dropped however the import ends; checked rows written to it a batch at a time as the file
 * arrives; and, while saving, Stop checked and the import kept alive between batches. Each
 * module keeps its rows' checks and its write door.
 */

export const importStopped = () =>
  new AppError(400, 'validation_failed', 'The import was stopped; nothing was imported.', {
    details: { file: ['incomplete_upload'] },
  });

/** Runs `work` over a staging area of its own, dropped however it ends (on the next start when the process died). */
export async function withStaging<T>(
  db: Database,
  companyId: number,
  kind: string,
  work: (importId: number) => Promise<T>,
): Promise<T> {
  const importId = await openStaging(db, companyId, kind);
  try {
    return await work(importId);
  } finally {
    await dropStaging(db, companyId, importId);
  }
}

export interface StagingWriter<T> {
  /** Adds a checked row; a full batch is sent while the next one is read. */
  add(line: number, row: T): Promise<void>;
  /** Sends the last batch and waits for every write. */
  finish(): Promise<void>;
  /** The file failed: waits for the write under way (its failure dropped) before the staging is dropped. */
  abandon(): Promise<void>;
}

/** Writes an import's checked rows to its staging area, STAGE_BATCH per statement, checking Stop at each. */
export function stagingWriter<T>(
  db: Database,
  companyId: number,
  importId: number,
  stopped: () => boolean,
): StagingWriter<T> {
  let batch: { line: number; row: T }[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    if (stopped()) throw importStopped();
    const rows = batch;
    batch = [];
    writing = stageRows(db, companyId, importId, rows);
    // Its failure is taken by the next await; until then it must not count as unhandled.
    writing.catch(() => {});
  };
  return {
    async add(line, row) {
      batch.push({ line, row });
      if (batch.length >= STAGE_BATCH) await flush();
    },
    async finish() {
      await flush();
      await writing;
    },
    async abandon() {
      await writing.catch(() => {});
    },
  };
}

/**
 * The step before each batch of a saving transaction: a Stop rolls it back, and the import is
 * marked alive for the other instances' sweep. PostgreSQL sees the touch only from outside the
 * transaction; SQLite's one connection is the transaction's until it ends.
 */
export function savingStep(
  db: Database,
  trx: Database,
  companyId: number,
  importId: number,
  stopped: () => boolean,
  tick: () => void,
): () => Promise<void> {
  const alive = dialectOf(db) === 'postgres' ? db : trx;
  return async () => {
    if (stopped()) throw importStopped();
    tick();
    await touchImport(alive, companyId, importId);
  };
}
