import type { CustomerStatus } from '@kontora/contract/customers';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Colours follow the funnel: a lead is new, a customer is won, an inactive one is out. */
const CLASSES: Record<CustomerStatus, string> = {
  lead: 'text-bg-info',
  prospect: 'text-bg-warning',
  customer: 'text-bg-success',
  inactive: 'text-bg-secondary',
};

/**
 * The badge drawn with the caller's `t`: a list's rows use this, since a component per row
 * with its own useTranslation costs each of fifty rows a translation hook on the first render.
 */
export function statusBadge(t: TFunction, status: CustomerStatus) {
  return <span className={`badge ${CLASSES[status]}`}>{t(`crm.status.${status}`)}</span>;
}

export function StatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return statusBadge(t, status);
}
