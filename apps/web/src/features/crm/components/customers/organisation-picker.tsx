import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useCustomerSearch } from '../../../shared/api/get-customers.ts';

export type PickedOrganisation = { id: number; name: string };

/**
 * Finds organisation customers of the company by name as the person types; choosing one
 * hands it over. Ids in `exclude` (already linked, the person itself) are not offered.
 */
export function OrganisationPicker({
  exclude,
  onPick,
  disabled = false,
  label,
}: {
  exclude: readonly number[];
  onPick: (organisation: PickedOrganisation) => void;
  disabled?: boolean;
  /** The search box's label; "Find an organisation" when not given. */
  label?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  // A few more than shown: people share the search with organisations.
  const search = useCustomerSearch(useCompanyId(), q, 20);
  const found = (search.data?.items ?? [])
    .filter((c) => c.type === 'organisation' && !exclude.includes(c.id))
    .slice(0, 8);

  return (
    <div>
      <label htmlFor={`${id}-q`} className="form-label">
        {label ?? t('peopleOrgs.findOrganisation')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className="form-control"
        autoComplete="off"
        maxLength={CUSTOMER_LIMITS.searchMax}
        value={q}
        disabled={disabled}
        onChange={(event) => setQ(event.target.value)}
      />
      {q.trim() !== '' && !search.isPending && (
        <ul className="list-group mt-1" aria-label={t('peopleOrgs.matches')}>
          {found.length === 0 ? (
            <li className="list-group-item text-body-secondary">{t('peopleOrgs.noMatches')}</li>
          ) : (
            found.map((c) => (
              <li key={c.id} className="list-group-item p-0">
                <button
                  type="button"
                  className="btn btn-link w-100 text-start"
                  disabled={disabled}
                  onClick={() => {
                    onPick({ id: c.id, name: c.name });
                    setQ('');
                  }}
                >
                  {c.name}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
