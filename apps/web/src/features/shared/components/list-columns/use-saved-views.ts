import type { TFunction } from 'i18next';
import { useState } from 'react';
import {
  type ColumnOf,
  type ListKind,
  useListViewsQuery,
  useSetListColumns,
  type ViewInputOf,
  type ViewOf,
} from '../../api/list-views.ts';

/** Every column a list can show (own fields' included) and how one is labelled (undefined: not in use). */
export interface ListColumnsOf<K extends ListKind> {
  columns: readonly ColumnOf<K>[];
  defOf: (column: ColumnOf<K>) => { label: (t: TFunction) => string } | undefined;
}

/** A list's saved views and columns, as its views bar (views-bar.tsx) shows and changes them. */
export interface ListViewsOf<K extends ListKind> extends ReturnType<typeof useSavedViews<K>> {
  /** The list as it is now (filter, sort, dir, columns): what "Save view" keeps under a name. */
  current: () => Omit<ViewInputOf<K>, 'name' | 'shared'>;
}

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
  listColumns: ListColumnsOf<K>,
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
    kind,
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
    defaults,
    /** Every column the list can show, and how each is labelled. */
    available: listColumns.columns,
    defOf: listColumns.defOf,
    setColumns: (columns: ColumnOf<K>[]) => {
      // Shown at once and kept while the save is on its way, whatever a refetch brings meanwhile.
      setShownColumns(columns);
      saveColumns.mutate(columns);
    },
  };
}
