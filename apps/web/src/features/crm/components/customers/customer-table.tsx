import type { ListColumn } from '@kontora/contract/customer-view-values';
import type { Customer } from '@kontora/contract/customers';
import type { ReactNode } from 'react';
import './customer-table.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { useFirstRowsFirst } from '../../../../lib/use-first-rows-first.ts';
import { usePhone } from '../../../../lib/use-media-query.ts';
import { CustomerCards } from './customer-cards.tsx';
import { COLUMN_DEFS, type ColumnDef, DEFAULT_COLUMNS } from './customer-columns.tsx';
import { fromList } from './list-return.ts';
import { SelectAll } from './select-all.tsx';
import { SortHeader } from './sort-header.tsx';
import type { CustomerSort, SortDir } from './use-customer-filter.ts';

export type CustomerTableProps = {
  customers: readonly Customer[];
  sort: { sort: CustomerSort; dir: SortDir };
  onSort: (column: CustomerSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
  /** Inside the scrolling box, after the rows (the "load more" sentinel must scroll with them). */
  footer?: ReactNode;
  /** The optional columns shown, in order (the name always comes first). */
  columns?: readonly ListColumn[];
  /** How a column is drawn (own fields' too); one without a definition is not shown. */
  defOf?: (column: ListColumn) => ColumnDef | undefined;
};

const builtIn = (column: ListColumn): ColumnDef | undefined =>
  (COLUMN_DEFS as Record<string, ColumnDef>)[column];

/**
 * The loaded customers: name (with email), then the person's columns (status, owner, phone,
 * tags, dates); rows selectable. A phone gets cards instead (decision 020).
 */
export function CustomerTable({
  customers,
  sort,
  onSort,
  selected,
  onSelect,
  footer,
  columns: asked = DEFAULT_COLUMNS,
  defOf = builtIn,
}: CustomerTableProps) {
  const { t } = useTranslation();
  const columns = asked.flatMap((column) => {
    const def = defOf(column);
    return def ? [{ column, def }] : [];
  });
  const format = useFormatters();
  const phone = usePhone();
  const listSearch = useLocation().search;
  // The select-all box still acts on every loaded customer; only the drawing comes in steps.
  const rows = useFirstRowsFirst(customers);
  const end = rows.filling ? null : footer;

  if (phone) {
    return (
      <CustomerCards
        customers={customers}
        shown={rows.shown}
        selected={selected}
        onSelect={onSelect}
        footer={end}
      />
    );
  }
  return (
    <div className="card kt-card">
      <div className="table-responsive kt-table-scroll">
        <table className="table table-hover align-middle mb-0">
          <caption className="visually-hidden">{t('crm.customers.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">
                <SelectAll customers={customers} selected={selected} onSelect={onSelect} />
              </th>
              <SortHeader column="name" current={sort} onSort={onSort}>
                {t('crm.customers.columns.name')}
              </SortHeader>
              {columns.map(({ column, def }) => {
                return def.sort ? (
                  <SortHeader key={column} column={def.sort} current={sort} onSort={onSort}>
                    {def.label(t)}
                  </SortHeader>
                ) : (
                  <th key={column} scope="col">
                    {def.label(t)}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.shown.map((customer) => (
              <tr key={customer.id} className={selected.has(customer.id) ? 'table-active' : undefined}>
                <td>
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={t('crm.customers.select', { name: customer.name })}
                    checked={selected.has(customer.id)}
                    onChange={(event) => onSelect([customer.id], event.target.checked)}
                  />
                </td>
                <td>
                  {/* One line with an ellipsis; the whole name stays in the text (screen readers) and the title (hover). */}
                  <Link
                    className="fw-semibold kt-customer-name text-truncate"
                    to={paths.company.customer.href(customer.id)}
                    state={fromList(listSearch)}
                    title={customer.name}
                  >
                    {customer.name}
                  </Link>
                  {customer.email && <div className="small text-body-secondary">{customer.email}</div>}
                </td>
                {columns.map(({ column, def }) => (
                  <td key={column} className={def.nowrap ? 'text-nowrap' : undefined}>
                    {def.cell(customer, format, t)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {end}
      </div>
    </div>
  );
}
