import type { ImportProgress } from '@kontora/contract/csv-import';
import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { type CsvRecord, parseCsv } from '../csv.ts';
import { nextTurn } from '../next-turn.ts';
import { type OwnTargets, readHeader, resolveMapping } from './csv-mapping.ts';
import { emptyFile, isBlankRecord, type RejectedRows, rejectRow, rowCells } from './csv-rows.ts';
import { importProgress, type PublishedImportProgress } from './import-progress.ts';
import { stagedBatches, touchImport } from './import-staging.ts';
import { importStopped, savingStep, stagingWriter, withStaging } from './staged-import.ts';
import { SwitchChunks } from './switch-chunks.ts';

/**
 * An import that saves every row or none (deals, to-dos; docs/decisions/085-import-progress.md,
 * 102-todo-csv-import.md): the file read as it arrives, its rows checked a batch at a time and
 * the valid ones staged, so memory stays flat whatever its size; one refused row and nothing is
 * saved; otherwise the staged rows are saved a batch at a time, Stop checked and the import kept
 * alive between batches, the staging dropped however it ends. On PostgreSQL the saving is one
 * transaction; on SQLite each batch is a short transaction of its own, its rows hidden until one
 * flip shows them all (docs/decisions/104-deal-todo-imports-behind-a-switch.md). A dry run makes
 * the same checks and leaves out the writes, so its counts are the real run's. Each module gives
 * its rows' checks and its write door.
 */

/** A row read and not yet checked: its cells and the reasons found so far. */
export interface PendingRow<T extends string> {
  line: number;
  cells: Map<T, string>;
  reasons: Record<string, string[]>;
}

/** The report of an all-or-nothing import (allOrNothingImportOf in the contract). */
export interface AllOrNothingReport<T extends string> extends RejectedRows {
  dry_run: boolean;
  rows: number;
  imported: number;
  mapping: Record<string, T | null>;
}

export interface AllOrNothingQuery<T extends string> {
  mapping?: Record<string, T | null> | undefined;
  delimiter?: ',' | ';' | 'tab' | undefined;
  dry_run: boolean;
  progress_key?: string | undefined;
}

/** Saves the staged rows in the caller's transaction `trx`, a batch at a time; answers how many. */
export type SaveEach<R> = (trx: Database, saveBatch: (rows: R[]) => Promise<unknown>) => Promise<number>;

/**
 * SQLite's save behind a switch (docs/decisions/104-deal-todo-imports-behind-a-switch.md), made
 * per import by the module: it holds what the flip is to record (lib/csv-import/held-import.ts).
 */
export interface SwitchSave<R> {
  /**
   * One batch in a short transaction of its own, which also runs `alive`: its rows (and the
   * entries they put on customers' timelines) marked with the import, its feed and figures held.
   */
  batch: (rows: R[], alive: (trx: Database) => Promise<void>) => Promise<void>;
  /**
   * The flip, one transaction: `applied` first (the import's rows shown from its commit), then
   * the held figures and feed entries in the batches' order, then the import's end entry.
   */
  flip: (rows: number, saved: number, applied: (trx: Database) => Promise<void>) => Promise<void>;
}

export interface AllOrNothingImport<T extends string, R, K> {
  db: Database;
  notify: (message: PublishedImportProgress) => void;
  who: { companyId: number; userId: number | null };
  kind: ImportProgress['kind'];
  /** Header (folded) → field, and the company's own fields when the record has them. */
  headers: ReadonlyMap<string, T>;
  own?: OwnTargets<T> | undefined;
  /** Fields whose cells keep their line breaks. */
  multiLine: ReadonlySet<T>;
  /** Longest cell read (the longest field's limit and one). */
  maxField: number;
  /** What a batch of rows names, looked up once for the batch. */
  lookups: (rows: readonly PendingRow<T>[]) => Promise<K>;
  /** One row → what is staged and saved, or null with its reasons filled in. */
  readRow: (cells: Map<T, string>, reasons: Record<string, string[]>, known: K) => R | null;
  /** PostgreSQL: opens the saving transaction and runs `each` in it; `rows` is the file's count of rows. */
  save: (each: SaveEach<R>, rows: number) => Promise<void>;
  /** SQLite: the import's save behind a switch. */
  behindSwitch: (importId: number) => SwitchSave<R>;
}

/** Rows checked together: what they name is looked up in one query each. */
const CHECK_BATCH = 500;
/**
 * Rows saved together: subscribers get one batch change each (decisions 091, 102). Behind the
 * switch (SQLite) a batch commits in chunks sized by time (switch-chunks.ts).
 */
export const SAVE_BATCH = 500;

export async function importAllOrNothing<T extends string, R, K>(
  spec: AllOrNothingImport<T, R, K>,
  file: AsyncIterable<Uint8Array>,
  query: AllOrNothingQuery<T>,
  stopped: () => boolean,
): Promise<AllOrNothingReport<T>> {
  const { db } = spec;
  const { companyId } = spec.who;
  const report: AllOrNothingReport<T> = {
    dry_run: query.dry_run,
    rows: 0,
    imported: 0,
    rejected: 0,
    errors: [],
    errors_truncated: false,
    mapping: {},
  };
  let valid = 0;
  let saved = 0;
  const progress = importProgress(
    spec.notify,
    spec.who,
    { kind: spec.kind, dryRun: query.dry_run, key: query.progress_key },
    () => ({ read: report.rows, valid, invalid: report.rejected, saved }),
  );
  progress.phase('reading');
  const delimiter = query.delimiter === 'tab' ? '\t' : query.delimiter;
  await withStaging(db, companyId, spec.kind, async (importId) => {
    const staging = stagingWriter<R>(db, companyId, importId, stopped);
    let pending: PendingRow<T>[] = [];
    const check = async () => {
      const known = await spec.lookups(pending);
      for (const { line, cells, reasons } of pending) {
        const read = spec.readRow(cells, reasons, known);
        if (read === null) rejectRow(report, CUSTOMER_LIMITS.importReportMax, line, reasons);
        else {
          valid++;
          await staging.add(line, read);
        }
      }
      pending = [];
      progress.tick();
    };
    let columns: (T | null)[] | undefined;
    const read = (record: CsvRecord, at: (T | null)[]) => {
      const reasons: Record<string, string[]> = {};
      pending.push({ line: record.line, cells: rowCells(record, at, spec.multiLine, reasons), reasons });
    };
    try {
      for await (const record of parseCsv(file, { delimiter, maxField: spec.maxField })) {
        if (!columns) {
          const mapping = resolveMapping<T>(readHeader(record.fields), query.mapping, spec.headers, spec.own);
          columns = mapping.columns;
          report.mapping = mapping.applied;
          continue;
        }
        if (isBlankRecord(record)) continue;
        report.rows++;
        read(record, columns);
        if (pending.length >= CHECK_BATCH) await check();
      }
      if (!columns) throw emptyFile();
      await check();
      await staging.finish();
    } catch (err) {
      await staging.abandon();
      throw err;
    }
    // All or nothing: one refused row and nothing is saved, nor counted as to be saved.
    if (report.rejected > 0 || valid === 0) return;
    if (query.dry_run) {
      report.imported = valid;
      return;
    }
    progress.phase('saving');
    // On SQLite hidden from every read from here on: no marked row is committed before this.
    await touchImport(db, companyId, importId, 'applying');
    if (dialectOf(db) === 'postgres') {
      await spec.save(async (trx, saveBatch) => {
        const step = savingStep(db, trx, companyId, importId, stopped, progress.tick);
        for await (const batch of stagedBatches<R>(trx, companyId, importId, SAVE_BATCH)) {
          await step();
          await saveBatch(batch.map((b) => b.row));
          saved += batch.length;
        }
        return saved;
      }, report.rows);
    } else {
      const save = spec.behindSwitch(importId);
      const step = async () => {
        // The connection is given up between batches: requests already received run their
        // queries (each waits for one batch at most) before the next batch takes the writer.
        await nextTurn();
        if (stopped()) throw importStopped();
        progress.tick();
      };
      const alive = (trx: Database) => touchImport(trx, companyId, importId);
      const chunks = new SwitchChunks();
      for await (const batch of stagedBatches<R>(db, companyId, importId, SAVE_BATCH)) {
        const rows = batch.map((b) => b.row);
        await chunks.each(
          rows,
          async (chunk) => {
            await save.batch(chunk, alive);
            saved += chunk.length;
          },
          step,
        );
      }
      await step();
      await save.flip(report.rows, saved, (trx) => touchImport(trx, companyId, importId, 'applied'));
    }
    report.imported = saved;
  });
  // Told once the saving has committed: the counts are the answer's.
  progress.finish();
  return report;
}
