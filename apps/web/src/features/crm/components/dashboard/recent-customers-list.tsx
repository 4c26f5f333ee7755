import type { CustomerSummary } from '@kontora/contract/crm-stats';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { StatusBadge } from '../customers/status-badge.tsx';
import './dashboard.css';

/** The newest customers, each a link to its page. */
export function RecentCustomersList({ customers }: { customers: CustomerSummary[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (customers.length === 0) {
    return <p className="text-body-secondary mb-0">{t('crm.dashboard.recent.empty')}</p>;
  }
  return (
    <ul className="list-unstyled mb-0">
      {customers.map((customer) => (
        <li key={customer.id} className="d-flex align-items-center gap-2 py-2">
          <div className="kt-shrink flex-grow-1">
            <Link to={paths.company.customer.href(customer.id)} className="fw-semibold text-break d-block">
              {customer.name}
            </Link>
            <div className="small text-body-secondary">
              {t(`crm.customerType.${customer.type}`)}
              {' · '}
              <time dateTime={customer.created_at}>{format.date(customer.created_at)}</time>
            </div>
          </div>
          <StatusBadge status={customer.status} />
        </li>
      ))}
    </ul>
  );
}
