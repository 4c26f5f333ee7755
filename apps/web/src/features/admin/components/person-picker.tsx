import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';

export type PickedPerson = { id: number; name: string };

/** Chooses a person among many: a search box (name or email) narrows the select below it. */
export function PersonPicker({
  label,
  value,
  onChange,
  emptyLabel,
}: {
  label: string;
  value: PickedPerson | null;
  onChange: (person: PickedPerson | null) => void;
  emptyLabel: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const users = useAdminUsers({ q: q || undefined, limit: 50, offset: 0 });
  const matches = (users.data?.items ?? []).map((u) => ({
    id: u.id,
    name: u.full_name ? `${u.full_name} (${u.email})` : u.email,
  }));
  const options = value && !matches.some((p) => p.id === value.id) ? [value, ...matches] : matches;

  return (
    <div className="d-flex flex-column gap-1">
      <label htmlFor={`${id}-select`} className="form-label mb-0">
        {label}
      </label>
      <input
        type="search"
        className="form-control form-control-sm"
        aria-label={t('admin.common.findPerson')}
        placeholder={t('admin.common.findPerson')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <select
        id={`${id}-select`}
        className="form-select"
        value={value?.id ?? ''}
        aria-busy={users.isFetching}
        onChange={(event) => {
          const chosen = options.find((p) => String(p.id) === event.target.value);
          onChange(chosen ?? null);
        }}
      >
        <option value="">{emptyLabel}</option>
        {options.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}
