import { CUSTOMER_LIMITS, CUSTOMER_STATUSES } from '@kontora/contract/customer-values';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../../../components/select-field.tsx';
import { useSyncedText } from '../../../../lib/use-synced-text.ts';
import type { CustomerFilterParams } from '../../../shared/api/get-customers.ts';
import { OrganisationFilter } from './organisation-filter.tsx';
import type { FilterParam } from './use-customer-filter.ts';

type CustomerFiltersProps = {
  filter: CustomerFilterParams;
  update: (patch: Partial<Record<FilterParam, string>>, options?: { replace?: boolean }) => void;
  owners: readonly SelectOption[];
};

/** Search, status, owner, tag and organisation. Typing replaces the address entry; a choice adds one (back undoes it). */
export function CustomerFilters({ filter, update, owners }: CustomerFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const search = useSyncedText(filter.q ?? '', (q) => update({ q }, { replace: true }));
  const tag = useSyncedText(
    filter.tag ?? '',
    (value) => update({ tag: value }, { replace: true }),
    (value) => value.trim().toLowerCase(),
  );
  const ownerValue = filter.owner_id ? String(filter.owner_id) : '';
  // An owner in the address who has left the team still shows as chosen.
  const ownerOptions =
    ownerValue && !owners.some((o) => o.value === ownerValue)
      ? [...owners, { value: ownerValue, label: t('crm.customers.formerMember') }]
      : owners;

  return (
    <search className="row g-3 mb-3">
      <form
        className="col-12 col-lg-4"
        onSubmit={(event) => {
          event.preventDefault();
          search.commitNow();
        }}
      >
        <label htmlFor={`${id}-q`} className="form-label">
          {t('crm.customers.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="form-control"
          maxLength={CUSTOMER_LIMITS.searchMax}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          aria-describedby={`${id}-q-hint`}
        />
        {/* Own text values are searched words too (decision 084). */}
        <div id={`${id}-q-hint`} className="form-text">
          {t('crm.customers.searchHint')}
        </div>
      </form>
      <div className="col-6 col-md-4 col-lg-2">
        <label htmlFor={`${id}-status`} className="form-label">
          {t('crm.fields.status')}
        </label>
        <select
          id={`${id}-status`}
          className="form-select"
          value={filter.status ?? ''}
          onChange={(event) => update({ status: event.target.value })}
        >
          <option value="">{t('crm.customers.allStatuses')}</option>
          {CUSTOMER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`crm.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-4 col-lg-3">
        <label htmlFor={`${id}-owner`} className="form-label">
          {t('crm.fields.owner')}
        </label>
        <select
          id={`${id}-owner`}
          className="form-select"
          value={ownerValue}
          onChange={(event) => update({ owner_id: event.target.value })}
        >
          <option value="">{t('crm.customers.allOwners')}</option>
          {ownerOptions.map((owner) => (
            <option key={owner.value} value={owner.value}>
              {owner.label}
            </option>
          ))}
        </select>
      </div>
      <form
        className="col-12 col-md-4 col-lg-3"
        onSubmit={(event) => {
          event.preventDefault();
          tag.commitNow();
        }}
      >
        <label htmlFor={`${id}-tag`} className="form-label">
          {t('crm.customers.tag')}
        </label>
        <input
          id={`${id}-tag`}
          type="search"
          className="form-control"
          maxLength={CUSTOMER_LIMITS.tagMax}
          value={tag.text}
          onChange={(event) => tag.setText(event.target.value)}
        />
      </form>
      <div className="col-12 col-md-6 col-lg-4">
        <OrganisationFilter
          organisationId={filter.organisation_id}
          onChange={(organisation_id) => update({ organisation_id })}
        />
      </div>
    </search>
  );
}
