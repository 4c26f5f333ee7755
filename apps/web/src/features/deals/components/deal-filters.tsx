import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useSyncedText } from '../../../lib/use-synced-text.ts';
import { useOwnerOptions } from '../../shared/components/owner-options.ts';
import type { DealAddressFilter, DealFilterParam } from '../lib/deal-filter.ts';

type DealFiltersProps = {
  filter: DealAddressFilter;
  update: (patch: Partial<Record<DealFilterParam, string>>, options?: { replace?: boolean }) => void;
};

/** Search, owner, tag and the expected-close range of the board and the list. */
export function DealFilters({ filter, update }: DealFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const owners = useOwnerOptions(useCompanyId()).options;
  const search = useSyncedText(filter.q ?? '', (q) => update({ q }, { replace: true }));
  const tag = useSyncedText(
    filter.tag ?? '',
    (value) => update({ tag: value }, { replace: true }),
    (value) => value.trim().toLowerCase(),
  );
  return (
    <search className="row g-2 mb-3">
      <form
        className="col-12 col-md-4 col-xl-3"
        onSubmit={(event) => {
          event.preventDefault();
          search.commitNow();
        }}
      >
        <label htmlFor={`${id}-q`} className="form-label small mb-1">
          {t('deals.filters.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="form-control form-control-sm"
          maxLength={DEAL_LIMITS.searchMax}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          aria-describedby={`${id}-q-hint`}
        />
        {/* Own text values are searched words too (decision 084). */}
        <div id={`${id}-q-hint`} className="form-text">
          {t('deals.filters.searchHint')}
        </div>
      </form>
      <div className="col-6 col-md-4 col-xl-2">
        <label htmlFor={`${id}-owner`} className="form-label small mb-1">
          {t('deals.fields.owner')}
        </label>
        <select
          id={`${id}-owner`}
          className="form-select form-select-sm"
          value={filter.owner_id ? String(filter.owner_id) : ''}
          onChange={(event) => update({ owner_id: event.target.value })}
        >
          <option value="">{t('deals.filters.anyOwner')}</option>
          {owners.map((owner) => (
            <option key={owner.value} value={owner.value}>
              {owner.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-4 col-xl-2">
        <label htmlFor={`${id}-tag`} className="form-label small mb-1">
          {t('deals.fields.tag')}
        </label>
        <input
          id={`${id}-tag`}
          className="form-control form-control-sm"
          maxLength={40}
          value={tag.text}
          onChange={(event) => tag.setText(event.target.value)}
        />
      </div>
      <div className="col-6 col-md-4 col-xl-2">
        <label htmlFor={`${id}-from`} className="form-label small mb-1">
          {t('deals.filters.closeFrom')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="form-control form-control-sm"
          value={filter.close_from ?? ''}
          onChange={(event) => update({ close_from: event.target.value })}
        />
      </div>
      <div className="col-6 col-md-4 col-xl-2">
        <label htmlFor={`${id}-to`} className="form-label small mb-1">
          {t('deals.filters.closeTo')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="form-control form-control-sm"
          value={filter.close_to ?? ''}
          onChange={(event) => update({ close_to: event.target.value })}
        />
      </div>
    </search>
  );
}
