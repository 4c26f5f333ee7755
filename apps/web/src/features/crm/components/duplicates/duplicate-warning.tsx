import { deriveCustomerName } from '@kontora/contract/customer-values';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import { type DuplicateParams, useDuplicates } from '../../api/find-duplicates.ts';
import type { CustomerFormValues } from '../customers/customer-form-values.ts';

type Watched = Pick<
  CustomerFormValues,
  | 'type'
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'organisation_name'
  | 'email'
  | 'phone'
  | 'oib'
  | 'address'
  | 'country'
>;

/**
 * Likely duplicates of the customer being typed (same OIB/VAT id, email, phone, or a similar
 * name in the same town), asked after a pause in typing. A warning with links, never a block:
 * the form saves as it is.
 */
export function DuplicateWarning({
  values,
  excludeId,
  onOpen,
}: {
  values: Watched;
  excludeId?: number;
  /** A link was followed (the dialog closes). */
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const params = useMemo<DuplicateParams>(
    () => ({
      name: deriveCustomerName({ ...values, name: values.name || null }) ?? undefined,
      email: values.email.trim() || undefined,
      phone: values.phone.trim() || undefined,
      oib: values.oib.trim() || undefined,
      address: values.address.trim() || undefined,
      country: values.country || undefined,
      exclude_id: excludeId,
    }),
    [values, excludeId],
  );
  const matches = useDuplicates(companyId, useDebounced(params, 400));
  const items = matches.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="alert alert-warning py-2" role="status" aria-live="polite">
      <p className="fw-semibold mb-1">{t('duplicates.warningTitle')}</p>
      <ul className="mb-1 ps-3">
        {items.map(({ customer, rules }) => (
          <li key={customer.id}>
            <Link to={paths.company.customer.href(customer.id)} onClick={onOpen}>
              {customer.name}
            </Link>{' '}
            <span className="text-body-secondary small">
              ({rules.map((rule) => t(`duplicates.rule.${rule}`)).join(', ')})
            </span>
          </li>
        ))}
      </ul>
      <p className="small mb-0">{t('duplicates.warningNote')}</p>
    </div>
  );
}
