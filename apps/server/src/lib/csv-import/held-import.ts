/**
 * What an import saving behind a switch holds for its flip (docs/decisions/104-deal-todo-imports-behind-a-switch.md):
 * its batches commit one by one with their rows marked (import-marks.ts, import-visibility.ts),
 * but the feed must say what one saving transaction said — one `….imported {count, ids}` per
 * feed batch of rows, in the file's order — and only once they are shown. So each short batch
 * adds its ids to the feed batch it belongs to, and the flip records them. `extra` is what the
 * module adds to its figures at the flip (deal figures, to-do counters).
 */
export interface HeldImport<X> {
  importId: number;
  /** Ids written, per feed batch, in the file's order. */
  feed: number[][];
  /** Rows per feed batch (the single transaction's batch). */
  feedBatch: number;
  /** Rows written so far: the feed batch the next rows join. */
  written: number;
  extra: X;
}

export function heldImport<X>(importId: number, feedBatch: number, extra: X): HeldImport<X> {
  return { importId, feed: [], feedBatch, written: 0, extra };
}

/** A batch's new ids, held for the feed batch each belongs to (a short batch may straddle two). */
export function holdIds(held: HeldImport<unknown>, ids: readonly number[]): void {
  for (const id of ids) {
    const window = Math.floor(held.written / held.feedBatch);
    held.written++;
    const batch = held.feed[window] ?? [];
    batch.push(id);
    held.feed[window] = batch;
  }
}
