import type { Customer, CustomerMatch } from '@kontora/contract/customers';
import { useEffect, useState } from 'react';
import type { BulkTarget } from './bulk-bar.tsx';

/**
 * The list's selection: ticked rows, or "all matching this filter" (the rows
 * not loaded yet included, acted on by the server). A new filter clears it: a
 * selection made in the old list would act unseen.
 */
export function useCustomerSelection(
  customers: readonly Customer[],
  filterKey: string,
  match: CustomerMatch,
) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter text is the trigger
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [filterKey]);

  // Only rows still listed count (a deletion elsewhere, a refetch).
  const selectedIds = allMatching
    ? customers.map((c) => c.id)
    : customers.filter((c) => selected.has(c.id)).map((c) => c.id);

  const onSelect = (ids: readonly number[], on: boolean) => {
    // Unticking a row of "all matching" leaves the loaded rows but that one.
    const base = allMatching ? new Set(customers.map((c) => c.id)) : new Set(selected);
    for (const id of ids) {
      if (on) base.add(id);
      else base.delete(id);
    }
    setAllMatching(false);
    setSelected(base);
  };

  const clear = () => {
    setSelected(new Set());
    setAllMatching(false);
  };

  const target = (count: number): BulkTarget | null => {
    if (allMatching) return { kind: 'filter', match, count };
    return selectedIds.length > 0 ? { kind: 'ids', ids: selectedIds } : null;
  };

  return {
    selected: allMatching ? new Set(selectedIds) : selected,
    selectedIds,
    allMatching,
    /** Every loaded row is ticked (the moment to offer all matching). */
    allLoadedSelected: !allMatching && customers.length > 0 && selectedIds.length === customers.length,
    selectAllMatching: () => setAllMatching(true),
    onSelect,
    clear,
    target,
  };
}
