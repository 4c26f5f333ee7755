import { CUSTOMER_MATCH_LIMITS } from '@kontora/contract/customer-values';
import type { CustomerCount } from '@kontora/contract/customers';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';

const CAP = CUSTOMER_MATCH_LIMITS.matchCountMax;

/** "Matching customers: 1,234" (or "10,000+"): exact up to the server's cap, never a slow count. */
export function MatchCount({ count, stale }: { count: CustomerCount | undefined; stale: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!count) return null;
  const number = count.capped ? `${format.number(CAP)}+` : format.number(count.count);
  return (
    <p className={`text-body-secondary mb-2${stale ? ' opacity-50' : ''}`} aria-live="polite">
      {t('views.matching', { number })}
    </p>
  );
}

/**
 * The offer once every loaded row is ticked: act on all customers of the
 * filter, on the server. More than the cap cannot be acted on at once: it says so.
 */
export function SelectAllMatching({
  count,
  onSelect,
}: {
  count: CustomerCount | undefined;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!count) return null;
  if (count.capped || count.count > CAP) {
    return <p className="small mb-0">{t('views.tooManyToSelect', { number: format.number(CAP) })}</p>;
  }
  return (
    <button type="button" className="btn btn-sm btn-link p-0" onClick={onSelect}>
      {t('views.selectAllMatching', { number: format.number(count.count) })}
    </button>
  );
}
