import type { ReactNode } from 'react';
import type { CustomerSort, SortDir } from './use-customer-filter.ts';

type SortHeaderProps = {
  column: CustomerSort;
  current: { sort: CustomerSort; dir: SortDir };
  onSort: (column: CustomerSort) => void;
  children: ReactNode;
  className?: string;
};

/** A column header that sorts: a button inside, the state on the header as aria-sort. */
export function SortHeader({ column, current, onSort, children, className }: SortHeaderProps) {
  const active = current.sort === column;
  const ariaSort = active ? (current.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button
        type="button"
        className="btn btn-link p-0 fw-semibold text-reset text-decoration-none text-nowrap"
        onClick={() => onSort(column)}
      >
        {children}
        <span aria-hidden="true" className={`ms-1${active ? '' : ' opacity-25'}`}>
          {active && current.dir === 'desc' ? '↓' : '↑'}
        </span>
      </button>
    </th>
  );
}
