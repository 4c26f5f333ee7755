import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { IconName } from '../../../components/icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';

const PAGE_SIZE = 25;

/** What a list asks the server for: the debounced search text, the chosen filter value, one page. */
export type AdminListParams = { q?: string; filter?: string; limit: number; offset: number };

export type AdminListColumn<Item> = {
  header: string;
  cell: (item: Item) => ReactNode;
  /** Numbers sit at the end of their column. */
  end?: boolean;
  /** Dates and times stay on one line. */
  nowrap?: boolean;
};

type AdminListScreenProps<Item> = {
  title: string;
  /** The button beside the title and the dialog it opens (new company, invite a person). */
  createLabel: string;
  createDialog: (props: { open: boolean; onClose: () => void }) => ReactNode;
  searchLabel: string;
  /** The one select beside the search; its first option (value '') means "all". */
  filter: { label: string; options: { value: string; label: string }[] };
  /** The page of items for these params (a module-level hook: its identity never changes). */
  useItems: (params: AdminListParams) => UseQueryResult<{ items: Item[]; total: number }>;
  itemKey: (item: Item) => number;
  columns: AdminListColumn<Item>[];
  emptyIcon: IconName;
  /** "No companies yet" or, when searching or filtering, "No company matches". */
  emptyTitle: (filtered: boolean) => string;
};

/**
 * The shape every admin list shares (superusers): a title with a create action,
 * a search and one filter (either goes back to the first page), a table, paging.
 */
export function AdminListScreen<Item>(props: AdminListScreenProps<Item>) {
  const { title, createLabel, createDialog, searchLabel, filter, useItems, itemKey, columns } = props;
  const id = useId();
  const [search, setSearch] = useState('');
  const [filterValue, setFilterValue] = useState('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const q = useDebounced(search.trim());
  const list = useItems({ q: q || undefined, filter: filterValue || undefined, limit: PAGE_SIZE, offset });
  const items = list.data?.items ?? [];

  return (
    <>
      <PageHeader title={title}>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          {createLabel}
        </button>
      </PageHeader>
      <search className="row g-3 mb-3">
        <div className="col-12 col-md-6 col-lg-5">
          <label htmlFor={`${id}-q`} className="form-label">
            {searchLabel}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="form-control"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOffset(0);
            }}
          />
        </div>
        <div className="col-12 col-md-4 col-lg-3">
          <label htmlFor={`${id}-filter`} className="form-label">
            {filter.label}
          </label>
          <select
            id={`${id}-filter`}
            className="form-select"
            value={filterValue}
            onChange={(event) => {
              setFilterValue(event.target.value);
              setOffset(0);
            }}
          >
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </search>
      <ListStates
        query={list}
        isEmpty={items.length === 0}
        icon={props.emptyIcon}
        emptyTitle={props.emptyTitle(Boolean(q || filterValue))}
      >
        <div className="card kt-card">
          <div className="table-responsive">
            <table className="table table-hover align-middle mb-0">
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col" className={column.end ? 'text-end' : undefined}>
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={itemKey(item)}>
                    {columns.map((column) => (
                      <td key={column.header} className={cellClass(column)}>
                        {column.cell(item)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <Pager
          offset={offset}
          limit={PAGE_SIZE}
          count={items.length}
          total={list.data?.total ?? 0}
          onChange={setOffset}
        />
      </ListStates>
      {createDialog({ open: creating, onClose: () => setCreating(false) })}
    </>
  );
}

function cellClass(column: { end?: boolean; nowrap?: boolean }): string | undefined {
  if (column.end) return 'text-end';
  return column.nowrap ? 'text-nowrap' : undefined;
}
