import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onComboboxKey } from '../../../../lib/combobox-keys.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import { useCustomerSearch } from '../../api/get-customers.ts';
import { ComboboxList } from '../combobox-list.tsx';

type CustomerPickerProps = {
  label: string;
  value: { id: number; name: string } | null;
  onChange: (customer: { id: number; name: string } | null) => void;
  /** Already translated error text. */
  error?: string;
};

/**
 * Picks one of the company's customers by typing part of a name, email, phone
 * or OIB (the list's own search): a combobox whose options are the first matches.
 */
export function CustomerPicker({ label, value, onChange, error }: CustomerPickerProps) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 200);
  const search = useCustomerSearch(companyId, q);
  const matches = search.data?.items ?? [];
  const options = matches.map((match) => ({ id: match.id, name: match.name, detail: match.email }));
  const listId = `${id}-list`;
  const errorId = `${id}-error`;

  if (value) {
    return (
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-2">{label}</legend>
        <div className="d-flex align-items-center gap-2">
          <span className="form-control-plaintext fw-semibold w-auto">{value.name}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('crm.eventDialog.clearCustomer', { name: value.name })}
            onClick={() => onChange(null)}
          >
            {t('crm.eventDialog.change')}
          </button>
        </div>
      </fieldset>
    );
  }

  const choose = (index: number) => {
    const match = matches[index];
    if (!match) return;
    onChange({ id: match.id, name: match.name });
    setText('');
    setOpen(false);
  };
  const showList = open && q !== '';

  return (
    <div className="mb-3 position-relative">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        className={`form-control${error ? ' is-invalid' : ''}`}
        placeholder={t('crm.eventDialog.customerPlaceholder')}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && matches[active] ? `${listId}-${matches[active].id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) =>
          onComboboxKey(event, {
            open: showList,
            count: matches.length,
            active,
            setActive,
            openList: () => {
              setOpen(true);
              setActive(0);
            },
            choose: () => choose(active),
            close: () => setOpen(false),
          })
        }
      />
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
      <ComboboxList
        id={listId}
        label={label}
        open={showList}
        options={options}
        active={active}
        busy={search.isFetching}
        emptyText={t('crm.eventDialog.noCustomer')}
        onChoose={(option) => choose(options.findIndex((o) => o.id === option.id))}
      />
    </div>
  );
}
