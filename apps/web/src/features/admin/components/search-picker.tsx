import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useAdminCompanies } from '../api/get-admin-companies.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import type { ComboboxOption } from './search-combobox.tsx';

export type Picked = { id: number; name: string };

type Matches = { items: Picked[]; isFetching: boolean };

/** Companies by name, legal name or OIB (searched on the server). */
function useCompanyMatches(q: string | undefined): Matches {
  const companies = useAdminCompanies({ q, limit: 50, offset: 0 });
  const items = (companies.data?.items ?? []).map((company) => ({ id: company.id, name: company.name }));
  return { items, isFetching: companies.isFetching };
}

/** People by name or email (searched on the server); the email tells namesakes apart. */
function usePersonMatches(q: string | undefined): Matches {
  const users = useAdminUsers({ q, limit: 50, offset: 0 });
  const items = (users.data?.items ?? []).map((user) => ({
    id: user.id,
    name: user.full_name ? `${user.full_name} (${user.email})` : user.email,
  }));
  return { items, isFetching: users.isFetching };
}

/** People for the one-control picker (SearchCombobox): the name, the email below it. */
export function usePersonOptions(q: string | undefined): Matches & { items: ComboboxOption[] } {
  const users = useAdminUsers({ q, limit: 20, offset: 0 });
  const items = (users.data?.items ?? []).map((user) => ({
    id: user.id,
    name: user.full_name || user.email,
    detail: user.email,
  }));
  return { items, isFetching: users.isFetching };
}

export { useCompanyMatches as useCompanyOptions };

/** What can be picked: where the matches come from and what the search box is called. */
const SOURCES = {
  company: { useMatches: useCompanyMatches, searchLabel: 'admin.common.findCompany' },
  person: { useMatches: usePersonMatches, searchLabel: 'admin.common.findPerson' },
} as const;

type SearchPickerProps = {
  /** A company or a person. */
  of: keyof typeof SOURCES;
  label: string;
  value: Picked | null;
  onChange: (picked: Picked | null) => void;
  /** The text of the "nothing chosen" choice. */
  emptyLabel: string;
  /** Ids not to offer (e.g. already listed). */
  exclude?: readonly number[];
};

/**
 * Chooses one among many: a search box narrows the list (server-side) and the
 * select below picks from the matches. The chosen one stays offered while the
 * search shows others.
 */
export function SearchPicker({ of, label, value, onChange, emptyLabel, exclude = [] }: SearchPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const source = SOURCES[of];
  const found = source.useMatches(q || undefined);
  const matches = found.items.filter((item) => !exclude.includes(item.id));
  const options = value && !matches.some((item) => item.id === value.id) ? [value, ...matches] : matches;

  return (
    <div className="d-flex flex-column gap-1">
      <label htmlFor={`${id}-select`} className="form-label mb-0">
        {label}
      </label>
      <input
        type="search"
        className="form-control form-control-sm"
        aria-label={t(source.searchLabel)}
        placeholder={t(source.searchLabel)}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <select
        id={`${id}-select`}
        className="form-select"
        value={value?.id ?? ''}
        aria-busy={found.isFetching}
        onChange={(event) => {
          const chosen = options.find((item) => String(item.id) === event.target.value);
          onChange(chosen ? { id: chosen.id, name: chosen.name } : null);
        }}
      >
        <option value="">{emptyLabel}</option>
        {options.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}
