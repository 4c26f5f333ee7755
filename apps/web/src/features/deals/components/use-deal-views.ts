import type { DealView } from '@kontora/contract/deal-views';
import { useEffect } from 'react';
import {
  type ListColumnsOf,
  type ListViewsOf,
  useSavedViews,
} from '../../shared/components/list-columns/use-saved-views.ts';
import { customPatchOf } from '../../shared/lib/custom-params.ts';
import {
  apiFilterOf,
  type DealAddressFilter,
  type DealFilterParam,
  listOrderOf,
} from '../lib/deal-filter.ts';
import { DEAL_COLUMNS, type DealColumn } from './deal-columns.tsx';

type UpdateDealFilter = (patch: Partial<Record<DealFilterParam, string | readonly string[]>>) => void;

/** Where this browser kept the deal list's columns before they were kept on the server. */
const oldStorageKey = (companyId: number) => `kontoraDealColumns:${companyId}`;

/**
 * The deal list's saved views and the person's columns, kept on the server as the customer
 * list's (decision 088). Opening a view puts its filter and sort in the address.
 */
export function useDealViews(
  companyId: number,
  filter: DealAddressFilter,
  update: UpdateDealFilter,
  listColumns: ListColumnsOf<'deal'>,
): ListViewsOf<'deal'> {
  const apply = (view: DealView) => {
    const { pipeline_id, q, owner_id, tag, close_from, close_to, ...rest } = view.filter;
    update({
      // The own-field filters of the list give way to the view's.
      ...customPatchOf(filter, rest),
      pipeline: pipeline_id ? String(pipeline_id) : '',
      q: q ?? '',
      owner_id: owner_id ? String(owner_id) : '',
      tag: tag ?? '',
      close_from: close_from ?? '',
      close_to: close_to ?? '',
      sort: view.sort === 'updated_at' ? '' : view.sort,
      dir: view.dir,
    });
  };
  const views = useSavedViews(companyId, 'deal', DEAL_COLUMNS, listColumns, apply);
  useCarryOverBrowserColumns(companyId, views.loaded && views.columnsSaved === null, views.setColumns);

  /** The list as it is now, as a view saves it: an own field's sort with its direction apart. */
  const current = () => {
    const sort = filter.sort ?? 'updated_at';
    return {
      filter: {
        ...apiFilterOf(filter),
        ...(filter.pipeline ? { pipeline_id: filter.pipeline } : {}),
      } as DealView['filter'],
      sort,
      dir: listOrderOf(filter).dir,
      columns: [...views.columns],
    };
  };
  return { ...views, current };
}

/**
 * Columns a person chose before they were kept on the server stayed in their browser: the first
 * visit after saves them as the person's columns, once, and forgets the browser's copy.
 */
function useCarryOverBrowserColumns(
  companyId: number,
  noneSaved: boolean,
  save: (columns: DealColumn[]) => void,
) {
  useEffect(() => {
    if (!noneSaved) return;
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(oldStorageKey(companyId)) ?? 'null');
      localStorage.removeItem(oldStorageKey(companyId));
      if (!Array.isArray(stored)) return;
      const columns = stored.filter(
        (c): c is DealColumn =>
          typeof c === 'string' &&
          /^(stage|amount|organisation|owner|expected_close_date|custom\.[a-z][a-z0-9_]{0,39})$/.test(c),
      );
      if (columns.length) save([...new Set(columns)]);
    } catch {
      // A refused storage: nothing to carry over.
    }
  }, [companyId, noneSaved, save]);
}
