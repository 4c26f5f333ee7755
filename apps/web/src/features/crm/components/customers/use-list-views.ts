import type { CustomerView } from '@kontora/contract/customer-views';
import { type CustomerFilterParams, customParamsOf } from '../../../shared/api/get-customers.ts';
import {
  type ListColumnsOf,
  type ListViewsOf,
  useSavedViews,
} from '../../../shared/components/list-columns/use-saved-views.ts';
import { customPatchOf } from '../../../shared/lib/custom-params.ts';
import { DEFAULT_COLUMNS } from './customer-columns.tsx';
import { sortOf, type UpdateFilter } from './use-customer-filter.ts';

/** The customer list's saved views and columns (the shared hook), opening a view into the address. */
export function useListViews(
  companyId: number,
  filter: CustomerFilterParams,
  update: UpdateFilter,
  listColumns: ListColumnsOf<'customer'>,
): ListViewsOf<'customer'> {
  const apply = (view: CustomerView) => {
    const { q, status, owner_id, tag, organisation_id, ...rest } = view.filter;
    update({
      // The own-field filters of the list give way to the view's.
      ...customPatchOf(filter, rest),
      q: q ?? '',
      status: status ?? '',
      owner_id: owner_id ? String(owner_id) : '',
      tag: tag ?? '',
      organisation_id: organisation_id ? String(organisation_id) : '',
      sort: view.sort === 'name' ? '' : view.sort,
      dir: view.dir === 'asc' ? '' : view.dir,
    });
  };
  const views = useSavedViews(companyId, 'customer', DEFAULT_COLUMNS, listColumns, apply);
  /** The list as it is now, as a view saves it. */
  const current = () => {
    const { q, status, owner_id, tag, organisation_id } = filter;
    const set = Object.entries({ q, status, owner_id, tag, organisation_id }).filter(
      ([, v]) => v !== undefined,
    );
    return {
      filter: { ...Object.fromEntries(set), ...customParamsOf(filter) } as CustomerView['filter'],
      ...sortOf(filter),
      columns: [...views.columns],
    };
  };
  return { ...views, current };
}
