import type { Customer } from '@kontora/contract/customers';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { fromList } from './list-return.ts';
import { SelectAll } from './select-all.tsx';
import { statusBadge } from './status-badge.tsx';

type CustomerCardsProps = {
  customers: readonly Customer[];
  /** The cards drawn so far (lib/use-first-rows-first.ts); the select-all box takes all `customers`. */
  shown: readonly Customer[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
  footer?: ReactNode;
};

/**
 * The customer list on a phone: one card per customer with name, status, owner
 * and phone, the whole card a link to the customer. The checkboxes stay, so
 * selecting and the bulk actions work as on a desktop.
 */
export function CustomerCards({ customers, shown, selected, onSelect, footer }: CustomerCardsProps) {
  const { t } = useTranslation();
  const listSearch = useLocation().search;
  const id = useId();
  // Once per list, not per card: each translation call costs a first render's fifty cards again.
  const labels = { owner: t('crm.fields.owner'), phone: t('crm.fields.phone') };
  return (
    <div>
      <div className="form-check mb-2">
        <SelectAll id={`${id}-all`} customers={customers} selected={selected} onSelect={onSelect} />
        <label className="form-check-label" htmlFor={`${id}-all`}>
          {t('crm.customers.selectAll')}
        </label>
      </div>
      <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={t('crm.customers.tableCaption')}>
        {shown.map((customer) => (
          <CustomerCard
            key={customer.id}
            customer={customer}
            t={t}
            labels={labels}
            listSearch={listSearch}
            checked={selected.has(customer.id)}
            onCheck={(on) => onSelect([customer.id], on)}
          />
        ))}
      </ul>
      {footer}
    </div>
  );
}

/** `t` and the list's address come from the list: hooks per card add up over fifty cards on a first render. */
function CustomerCard({
  customer,
  t,
  labels,
  listSearch,
  checked,
  onCheck,
}: {
  customer: Customer;
  t: TFunction;
  labels: { owner: string; phone: string };
  listSearch: string;
  checked: boolean;
  onCheck: (on: boolean) => void;
}) {
  return (
    <li className={`card kt-card kt-customer-card${checked ? ' border-primary' : ''}`}>
      <div className="card-body d-flex gap-3 align-items-start py-2 px-3">
        {/* Above the card's link (stretched over the whole card), so that it stays its own target. */}
        <input
          type="checkbox"
          className="form-check-input position-relative z-2 mt-1 flex-shrink-0"
          aria-label={t('crm.customers.select', { name: customer.name })}
          checked={checked}
          onChange={(event) => onCheck(event.target.checked)}
        />
        <div className="flex-grow-1 kt-customer-card-main">
          <div className="d-flex align-items-start justify-content-between gap-2">
            <Link
              className="fw-semibold text-truncate stretched-link"
              to={paths.company.customer.href(customer.id)}
              state={fromList(listSearch)}
              title={customer.name}
            >
              {customer.name}
            </Link>
            {statusBadge(t, customer.status)}
          </div>
          <dl className="kt-customer-facts small mb-0 mt-1">
            <dt>{labels.owner}</dt>
            <dd>{customer.owner_name ?? '–'}</dd>
            <dt>{labels.phone}</dt>
            <dd>{customer.phone ?? '–'}</dd>
          </dl>
        </div>
      </div>
    </li>
  );
}
