import type { CustomerColumn, CustomerView } from '@kontora/contract/customer-views';
import { useState } from 'react';
import { useCustomerViews } from '../../api/get-customer-views.ts';
import { useSetCustomerColumns } from '../../api/set-customer-columns.ts';
import { DEFAULT_COLUMNS } from './customer-columns.tsx';
import type { FilterParam } from './use-customer-filter.ts';

type Update = (patch: Partial<Record<FilterParam, string>>, options?: { replace?: boolean }) => void;

/**
 * The saved views and the columns of the list: the person's own columns
 * (kept on the server per company), or those of the view opened, until the
 * person changes them, which saves them as their own (and shows them from
 * then on, without waiting for the server's answer).
 */
export function useListViews(companyId: number, update: Update) {
  const views = useCustomerViews(companyId);
  const saveColumns = useSetCustomerColumns(companyId);
  const [activeId, setActiveId] = useState<number | null>(null);
  /** Shown over the person's saved columns: those of the view opened, or the person's latest change. */
  const [shownColumns, setShownColumns] = useState<CustomerColumn[] | null>(null);
  const items = views.data?.items ?? [];
  const active = items.find((view) => view.id === activeId) ?? null;

  const apply = (view: CustomerView | null) => {
    setActiveId(view?.id ?? null);
    setShownColumns(view ? view.columns : null);
    if (!view) return;
    const { q, status, owner_id, tag, organisation_id } = view.filter;
    update({
      q: q ?? '',
      status: status ?? '',
      owner_id: owner_id ? String(owner_id) : '',
      tag: tag ?? '',
      organisation_id: organisation_id ? String(organisation_id) : '',
      sort: view.sort === 'name' ? '' : view.sort,
      dir: view.dir === 'asc' ? '' : view.dir,
    });
  };

  return {
    items,
    active,
    apply,
    columns: shownColumns ?? views.data?.columns ?? DEFAULT_COLUMNS,
    setColumns: (columns: CustomerColumn[]) => {
      // Shown at once and kept while the save is on its way, whatever a refetch brings meanwhile.
      setShownColumns(columns);
      saveColumns.mutate(columns);
    },
  };
}
