import { CUSTOMER_MATCH_LIMITS } from '@kontora/contract/customer-values';
import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';

/** A list's count answer (`GET …/customers/count`, `…/deals/count`). */
interface MatchCountAnswer {
  count: number;
  capped: boolean;
}
type ListRecord = 'customer' | 'deal';

/** Each list's texts ("Matching customers: …", "Matching deals: …"). */
const TEXTS = {
  customer: {
    matching: 'views.matching',
    selectAll: 'views.selectAllMatching',
    tooMany: 'views.tooManyToSelect',
  },
  deal: {
    matching: 'views.deal.matching',
    selectAll: 'views.deal.selectAllMatching',
    tooMany: 'views.deal.tooManyToSelect',
  },
} as const;

const COUNT_CAP: Record<ListRecord, number> = {
  customer: CUSTOMER_MATCH_LIMITS.matchCountMax,
  deal: DEAL_LIMITS.matchCountMax,
};

/** "Matching customers: 1,234" (or "10,000+"): exact up to the server's cap, never a slow count. */
export function MatchCount({
  record = 'customer',
  count,
  stale,
}: {
  record?: ListRecord;
  count: MatchCountAnswer | undefined;
  stale: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!count) return null;
  const number = count.capped ? `${format.number(COUNT_CAP[record])}+` : format.number(count.count);
  return (
    <p className={`text-body-secondary mb-2${stale ? ' opacity-50' : ''}`} aria-live="polite">
      {t(TEXTS[record].matching, { number })}
    </p>
  );
}

/**
 * The offer once every loaded row is ticked: act on all records of the filter, on the server.
 * More than the server acts on at once (`max`: the count's cap, or the bulk limit) says so.
 */
export function SelectAllMatching({
  record = 'customer',
  count,
  max = COUNT_CAP[record],
  onSelect,
}: {
  record?: ListRecord;
  count: MatchCountAnswer | undefined;
  max?: number;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!count) return null;
  if (count.capped || count.count > max) {
    return <p className="small mb-0">{t(TEXTS[record].tooMany, { number: format.number(max) })}</p>;
  }
  return (
    <button type="button" className="btn btn-sm btn-link p-0" onClick={onSelect}>
      {t(TEXTS[record].selectAll, { number: format.number(count.count) })}
    </button>
  );
}
