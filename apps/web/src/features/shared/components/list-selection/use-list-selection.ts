import { useEffect, useState } from 'react';

/** What a list's bulk actions apply to: the rows ticked, or every record matching its filter (on the server). */
export type BulkTarget<Match> =
  | { kind: 'ids'; ids: readonly number[] }
  | { kind: 'filter'; match: Match; count: number };

/**
 * A list's selection (customers, deals): ticked rows, or "all matching this filter" (the rows
 * not loaded yet included, acted on by the server). A new filter clears it: a selection made
 * in the old list would act unseen.
 */
export function useListSelection<Match>(rows: readonly { id: number }[], filterKey: string, match: Match) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter text is the trigger
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [filterKey]);

  // Only rows still listed count (a deletion elsewhere, a refetch).
  const selectedIds = allMatching
    ? rows.map((r) => r.id)
    : rows.filter((r) => selected.has(r.id)).map((r) => r.id);

  /** Ticks given rows as a whole new selection (a table that hands over its set). */
  const replace = (next: ReadonlySet<number>) => {
    setAllMatching(false);
    setSelected(next);
  };

  const onSelect = (ids: readonly number[], on: boolean) => {
    // Unticking a row of "all matching" leaves the loaded rows but that one.
    const base = allMatching ? new Set(rows.map((r) => r.id)) : new Set(selected);
    for (const id of ids) {
      if (on) base.add(id);
      else base.delete(id);
    }
    replace(base);
  };

  const clear = () => replace(new Set());

  const target = (count: number): BulkTarget<Match> | null => {
    if (allMatching) return { kind: 'filter', match, count };
    return selectedIds.length > 0 ? { kind: 'ids', ids: selectedIds } : null;
  };

  return {
    selected: allMatching ? new Set(selectedIds) : selected,
    selectedIds,
    allMatching,
    /** Every loaded row is ticked (the moment to offer all matching). */
    allLoadedSelected: !allMatching && rows.length > 0 && selectedIds.length === rows.length,
    selectAllMatching: () => setAllMatching(true),
    onSelect,
    replace,
    clear,
    target,
  };
}
