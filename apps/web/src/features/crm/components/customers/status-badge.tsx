import type { CustomerStatus } from '@kontora/contract/customers';
import { useTranslation } from 'react-i18next';

/** Colours follow the funnel: a lead is new, a customer is won, an inactive one is out. */
const CLASSES: Record<CustomerStatus, string> = {
  lead: 'text-bg-info',
  prospect: 'text-bg-warning',
  customer: 'text-bg-success',
  inactive: 'text-bg-secondary',
};

export function StatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${CLASSES[status]}`}>{t(`crm.status.${status}`)}</span>;
}
