import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useAdminCompanies } from '../api/get-admin-companies.ts';

export type PickedCompany = { id: number; name: string };

type CompanyPickerProps = {
  label: string;
  value: PickedCompany | null;
  onChange: (company: PickedCompany | null) => void;
  /** The text of the "nothing chosen" choice. */
  emptyLabel: string;
  /** Companies not to offer (e.g. already listed). */
  exclude?: readonly number[];
};

/**
 * Chooses a company among many: a search box narrows the list (server-side,
 * by name, legal name or OIB) and the select below picks from the matches.
 */
export function CompanyPicker({ label, value, onChange, emptyLabel, exclude = [] }: CompanyPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const companies = useAdminCompanies({ q: q || undefined, limit: 50, offset: 0 });
  const matches = (companies.data?.items ?? []).filter((c) => !exclude.includes(c.id));
  const options = value && !matches.some((c) => c.id === value.id) ? [value, ...matches] : matches;

  return (
    <div className="d-flex flex-column gap-1">
      <label htmlFor={`${id}-select`} className="form-label mb-0">
        {label}
      </label>
      <input
        type="search"
        className="form-control form-control-sm"
        aria-label={t('admin.common.findCompany')}
        placeholder={t('admin.common.findCompany')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <select
        id={`${id}-select`}
        className="form-select"
        value={value?.id ?? ''}
        aria-busy={companies.isFetching}
        onChange={(event) => {
          const chosen = options.find((c) => String(c.id) === event.target.value);
          onChange(chosen ? { id: chosen.id, name: chosen.name } : null);
        }}
      >
        <option value="">{emptyLabel}</option>
        {options.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </select>
    </div>
  );
}
