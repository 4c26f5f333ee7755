import { useState } from 'react';
import {
  type ColumnOf,
  type ListKind,
  useListViewsQuery,
  useSetListColumns,
  type ViewOf,
} from '../../api/list-views.ts';

/**
 * The saved views and the columns of a list: the person's own columns (kept on the server per
 * company), or those of the view opened, until the person changes them, which saves them as
 * their own (and shows them from then on, without waiting for the server's answer). Opening a
 * view hands it to `applyFilter`, which puts its filter and sort in the address.
 */
export function useSavedViews<K extends ListKind>(
  companyId: number,
  kind: K,
  defaults: readonly ColumnOf<K>[],
  applyFilter: (view: ViewOf<K>) => void,
) {
  const views = useListViewsQuery(companyId, kind);
  const saveColumns = useSetListColumns(companyId, kind);
  const [activeId, setActiveId] = useState<number | null>(null);
  /** Shown over the person's saved columns: those of the view opened, or the person's latest change. */
  const [shownColumns, setShownColumns] = useState<ColumnOf<K>[] | null>(null);
  const items = (views.data?.items ?? []) as ViewOf<K>[];
  const active = items.find((view) => view.id === activeId) ?? null;
  const saved = views.data?.columns as ColumnOf<K>[] | null | undefined;

  return {
    items,
    active,
    /** Whether the person's columns have been read (the list waits for them, not to flash the defaults). */
    loaded: !views.isPending,
    /** The person's own columns as the server keeps them; null: none chosen yet. */
    columnsSaved: saved,
    apply: (view: ViewOf<K> | null) => {
      setActiveId(view?.id ?? null);
      setShownColumns(view ? (view.columns as ColumnOf<K>[]) : null);
      if (view) applyFilter(view);
    },
    columns: shownColumns ?? saved ?? [...defaults],
    setColumns: (columns: ColumnOf<K>[]) => {
      // Shown at once and kept while the save is on its way, whatever a refetch brings meanwhile.
      setShownColumns(columns);
      saveColumns.mutate(columns);
    },
  };
}
