import type { Customer } from '@kontora/contract/customers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type SelectAllProps = {
  customers: readonly Customer[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
  /** For a visible label beside it (the phone's cards); the table's has only its accessible name. */
  id?: string;
};

/** Selects or clears every loaded customer; mixed when only some are selected. */
export function SelectAll({ customers, selected, onSelect, id }: SelectAllProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const count = customers.filter((c) => selected.has(c.id)).length;
  const all = count > 0 && count === customers.length;
  const indeterminate = count > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      id={id}
      className="form-check-input"
      aria-label={id ? undefined : t('crm.customers.selectAll')}
      checked={all}
      onChange={(event) =>
        onSelect(
          customers.map((c) => c.id),
          event.target.checked,
        )
      }
    />
  );
}
