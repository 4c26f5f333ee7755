import type { Customer } from '@kontora/contract/customers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { SortHeader } from './sort-header.tsx';
import { StatusBadge } from './status-badge.tsx';
import type { CustomerSort, SortDir } from './use-customer-filter.ts';

type CustomerTableProps = {
  customers: readonly Customer[];
  sort: { sort: CustomerSort; dir: SortDir };
  onSort: (column: CustomerSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
};

/** The loaded customers: name (with email), status, owner, phone, tags, dates; rows selectable. */
export function CustomerTable({ customers, sort, onSort, selected, onSelect }: CustomerTableProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const selectedCount = customers.filter((c) => selected.has(c.id)).length;
  const all = selectedCount > 0 && selectedCount === customers.length;

  return (
    <div className="card kt-card">
      <div className="table-responsive">
        <table className="table table-hover align-middle mb-0">
          <caption className="visually-hidden">{t('crm.customers.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">
                <SelectAll
                  checked={all}
                  indeterminate={selectedCount > 0 && !all}
                  onChange={(on) =>
                    onSelect(
                      customers.map((c) => c.id),
                      on,
                    )
                  }
                />
              </th>
              <SortHeader column="name" current={sort} onSort={onSort}>
                {t('crm.customers.columns.name')}
              </SortHeader>
              <th scope="col">{t('crm.fields.status')}</th>
              <th scope="col">{t('crm.fields.owner')}</th>
              <th scope="col">{t('crm.fields.phone')}</th>
              <th scope="col">{t('crm.fields.tags')}</th>
              <SortHeader column="created_at" current={sort} onSort={onSort}>
                {t('crm.fields.created_at')}
              </SortHeader>
              <SortHeader column="updated_at" current={sort} onSort={onSort}>
                {t('crm.fields.updated_at')}
              </SortHeader>
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => (
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
                  <Link className="fw-semibold" to={paths.company.customer.href(customer.id)}>
                    {customer.name}
                  </Link>
                  {customer.email && <div className="small text-body-secondary">{customer.email}</div>}
                </td>
                <td>
                  <StatusBadge status={customer.status} />
                </td>
                <td>{customer.owner_name ?? <Missing />}</td>
                <td className="text-nowrap">{customer.phone ?? <Missing />}</td>
                <td>
                  {customer.tags.length === 0 ? (
                    <Missing />
                  ) : (
                    <ul className="list-inline mb-0">
                      {customer.tags.map((tag) => (
                        <li key={tag} className="list-inline-item me-1">
                          <span className="badge bg-body-secondary text-body border">{tag}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="text-nowrap">{format.date(customer.created_at)}</td>
                <td className="text-nowrap">{format.date(customer.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** An empty cell: a dash for the eye; screen readers skip it. */
function Missing() {
  return (
    <span className="text-body-secondary" aria-hidden="true">
      –
    </span>
  );
}

/** The header checkbox: mixed when some loaded rows are selected. */
function SelectAll({
  checked,
  indeterminate,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input"
      aria-label={t('crm.customers.selectAll')}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
