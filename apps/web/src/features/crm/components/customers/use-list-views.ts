import type { CustomerView, ListColumn } from '@kontora/contract/customer-views';
import { useState } from 'react';
import {
  type CustomerFilterParams,
  type CustomParam,
  customParamsOf,
  isCustomParam,
} from '../../../shared/api/get-customers.ts';
import { useCustomerViews } from '../../api/get-customer-views.ts';
import { useSetCustomerColumns } from '../../api/set-customer-columns.ts';
import { DEFAULT_COLUMNS } from './customer-columns.tsx';
import type { UpdateFilter } from './use-customer-filter.ts';

/**
 * The saved views and the columns of the list: the person's own columns
 * (kept on the server per company), or those of the view opened, until the
 * person changes them, which saves them as their own (and shows them from
 * then on, without waiting for the server's answer).
 */
export function useListViews(companyId: number, filter: CustomerFilterParams, update: UpdateFilter) {
  const views = useCustomerViews(companyId);
  const saveColumns = useSetCustomerColumns(companyId);
  const [activeId, setActiveId] = useState<number | null>(null);
  /** Shown over the person's saved columns: those of the view opened, or the person's latest change. */
  const [shownColumns, setShownColumns] = useState<ListColumn[] | null>(null);
  const items = views.data?.items ?? [];
  const active = items.find((view) => view.id === activeId) ?? null;

  const apply = (view: CustomerView | null) => {
    setActiveId(view?.id ?? null);
    setShownColumns(view ? view.columns : null);
    if (!view) return;
    const { q, status, owner_id, tag, organisation_id, ...rest } = view.filter;
    // The own-field filters of the list give way to the view's.
    const custom: Partial<Record<CustomParam, string | readonly string[]>> = {};
    for (const name of Object.keys(customParamsOf(filter))) custom[name as CustomParam] = '';
    for (const [name, value] of Object.entries(rest)) {
      if (isCustomParam(name) && (typeof value === 'string' || Array.isArray(value))) custom[name] = value;
    }
    update({
      ...custom,
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
    setColumns: (columns: ListColumn[]) => {
      // Shown at once and kept while the save is on its way, whatever a refetch brings meanwhile.
      setShownColumns(columns);
      saveColumns.mutate(columns);
    },
  };
}
