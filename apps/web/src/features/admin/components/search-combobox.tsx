import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';
import { onComboboxKey } from '../../../lib/combobox-keys.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { ComboboxList, type ComboboxOption } from '../../shared/components/combobox-list.tsx';

export type { ComboboxOption };

/** Matches of a search text, from the server; a module-level hook, so it stays the same between renders. */
export type UseMatches = (q: string | undefined) => { items: ComboboxOption[]; isFetching: boolean };

type SearchComboboxProps = {
  label: string;
  value: ComboboxOption | null;
  onChange: (picked: ComboboxOption | null) => void;
  useMatches: UseMatches;
  /** Shown in the empty box: what no choice means ("Anyone"). */
  emptyLabel: string;
  noMatch: string;
};

/**
 * One control that searches and picks (WAI-ARIA combobox with a list): typing asks
 * the server for matches, arrows and Enter or a click choose, Escape closes, the
 * clear button goes back to "no choice". Used where a search box and a select side
 * by side read as two filters.
 */
export function SearchCombobox({
  label,
  value,
  onChange,
  useMatches,
  emptyLabel,
  noMatch,
}: SearchComboboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const q = useDebounced((text ?? '').trim(), 200);
  const found = useMatches(text === null ? undefined : q || undefined);
  const matches = found.items.slice(0, 20);
  const listId = `${id}-list`;
  const open = text !== null;

  const choose = (option: ComboboxOption | undefined): void => {
    if (!option) return;
    onChange(option);
    setText(null);
  };

  return (
    <div className="position-relative">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          className="form-control"
          placeholder={emptyLabel}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-busy={found.isFetching}
          aria-activedescendant={open && matches[active] ? `${listId}-${matches[active].id}` : undefined}
          value={text ?? value?.name ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onBlur={() => setTimeout(() => setText(null), 150)}
          onKeyDown={(event) =>
            onComboboxKey(event, {
              open,
              count: matches.length,
              active,
              setActive,
              openList: () => {
                setText('');
                setActive(0);
              },
              choose: () => choose(matches[active]),
              close: () => setText(null),
            })
          }
        />
        {value && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={t('common.clearChoice', { label })}
            onClick={() => onChange(null)}
          >
            <Icon name="close" size={16} />
          </button>
        )}
      </div>
      <ComboboxList
        id={listId}
        label={label}
        open={open}
        options={matches}
        active={active}
        busy={found.isFetching}
        emptyText={noMatch}
        onChoose={choose}
      />
    </div>
  );
}
